/**
 * The demo clinic network: fictional people and places, real CPT and ICD-10 codes. Days are offsets from
 * the office-local "today" of the seeding moment, so the demo always looks current.
 */

export interface OfficeSeed {
  id: number;
  name: string;
  address: string;
  description: string;
  phoneNumber: string;
  email: string;
  officeKey: string;
  timeZone: string;
  /** Monday to Friday, [open, close]. */
  weekdayHours: [string, string];
  /** Overrides for single weekdays (Friday closes early in Raleigh). */
  hoursByWeekday?: Partial<
    Record<'Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday', [string, string]>
  >;
  /** Null: closed on Saturdays. */
  saturdayHours: [string, string] | null;
  /** Absent: closed on Sundays (every office but Raleigh, which is open every day). */
  sundayHours?: [string, string];
  increments: number;
}

export const OFFICES: readonly OfficeSeed[] = [
  {
    id: 1,
    name: 'Summit PT Denver Highlands',
    address: '3210 W 32nd Ave, Denver, CO 80211',
    description:
      'Our flagship clinic in the Highlands: a full rehab gym, two private treatment rooms and a team that ' +
      'knows exactly what altitude and weekend skiing do to a pair of knees.',
    phoneNumber: '(303) 555-0110',
    email: 'denver@summitpt.example',
    officeKey: 'DEN',
    timeZone: 'America/Denver',
    weekdayHours: ['07:00', '18:00'],
    saturdayHours: ['08:00', '12:00'],
    increments: 2,
  },
  {
    id: 2,
    name: 'Summit PT Austin South Congress',
    address: '1804 S Congress Ave, Suite 200, Austin, TX 78704',
    description:
      'A bright second-floor clinic on South Congress with free parking behind the building. Physical ' +
      'therapy and massage, with bilingual (English and Spanish) staff every day.',
    phoneNumber: '(512) 555-0120',
    email: 'austin@summitpt.example',
    officeKey: 'AUS',
    timeZone: 'America/Chicago',
    weekdayHours: ['08:00', '18:00'],
    saturdayHours: ['09:00', '13:00'],
    increments: 3,
  },
  {
    id: 3,
    name: 'Summit PT Portland Pearl District',
    address: '1120 NW Glisan St, Portland, OR 97209',
    description:
      'A quiet, light-filled space in the Pearl, a short walk from the streetcar. Physical therapy and ' +
      'acupuncture under one roof, with bike parking inside.',
    phoneNumber: '(503) 555-0130',
    email: 'portland@summitpt.example',
    officeKey: 'PDX',
    timeZone: 'America/Los_Angeles',
    weekdayHours: ['08:00', '17:30'],
    saturdayHours: ['09:00', '14:00'],
    increments: 1,
  },
  {
    id: 4,
    name: 'Summit PT Raleigh North Hills',
    address: '4208 Six Forks Rd, Suite 110, Raleigh, NC 27609',
    description:
      'Open seven days, with evening appointments until 7 pm Monday to Thursday. Physical therapy, pelvic ' +
      'health and acupuncture, with a balance and fall-prevention program for older adults.',
    phoneNumber: '(919) 555-0140',
    email: 'raleigh@summitpt.example',
    officeKey: 'RAL',
    timeZone: 'America/New_York',
    weekdayHours: ['07:30', '19:00'],
    hoursByWeekday: { Friday: ['07:30', '16:00'] },
    saturdayHours: ['08:00', '12:00'],
    sundayHours: ['10:00', '14:00'],
    increments: 2,
  },
  {
    id: 5,
    name: 'Summit PT Scottsdale',
    address: '7014 E Camelback Rd, Suite 305, Scottsdale, AZ 85251',
    description:
      'Sports and orthopedic physical therapy near Old Town, with a special focus on golf and tennis ' +
      'injuries. Covered parking in the garage on the north side.',
    phoneNumber: '(480) 555-0150',
    email: 'scottsdale@summitpt.example',
    officeKey: 'SCO',
    timeZone: 'America/Phoenix',
    weekdayHours: ['08:00', '17:00'],
    saturdayHours: null,
    increments: 1,
  },
];

export interface DoctorSeed {
  id: number;
  officeId: number | null;
  firstName: string;
  lastName: string;
  specialty: string;
  bio: string;
  isPlaceholder?: boolean;
}

/** Doctors 1-14 make up the public care-team directory; 15 is the placeholder; 16-17 are staff records. */
export const PLACEHOLDER_DOCTOR_ID = 15;

export const DOCTORS: readonly DoctorSeed[] = [
  {
    id: 1,
    officeId: 1,
    firstName: 'Maya',
    lastName: 'Lindqvist',
    specialty: 'Physical Therapist',
    bio:
      'Maya is a board-certified orthopedic clinical specialist who spent five years with a Colorado ski ' +
      'team before joining Summit. She loves getting runners and skiers back on the trail, and sends you ' +
      'home with a short plan you will actually do rather than a stack of handouts.',
  },
  {
    id: 2,
    officeId: 2,
    firstName: 'Daniel',
    lastName: 'Okafor',
    specialty: 'Physical Therapist',
    bio:
      'Daniel specializes in post-surgical knee and shoulder rehab, from ACL reconstructions to rotator ' +
      'cuff repairs. A former college soccer player, he pairs careful manual therapy with progressive ' +
      'strength work and always explains the why behind every exercise.',
  },
  {
    id: 3,
    officeId: 3,
    firstName: 'Priya',
    lastName: 'Raman',
    specialty: 'Physical Therapist',
    bio:
      'Priya focuses on spine care and the neck and back pain that comes with long days at a desk. She is ' +
      'certified in McKenzie Method assessment and believes the best treatment plan is the one that fits ' +
      'into your real week.',
  },
  {
    id: 4,
    officeId: 4,
    firstName: 'Marcus',
    lastName: 'Bell',
    specialty: 'Physical Therapist',
    bio:
      'Marcus works with older adults on balance, fall prevention and recovery after joint replacement. ' +
      'Patients know him for his patience, his terrible puns and his habit of celebrating every milestone, ' +
      'however small.',
  },
  {
    id: 5,
    officeId: 1,
    firstName: 'Elena',
    lastName: 'Vasquez',
    specialty: 'Massage Therapist',
    bio:
      'Elena is a licensed massage therapist trained in deep tissue work, myofascial release and sports ' +
      'massage. She works side by side with our physical therapists so that every massage supports the ' +
      'goals of your treatment plan.',
  },
  {
    id: 6,
    officeId: 2,
    firstName: 'Jordan',
    lastName: 'Whitaker',
    specialty: 'Massage Therapist',
    // Left empty on purpose: the directory shows its fallback text.
    bio: '',
  },
  {
    id: 7,
    officeId: 3,
    firstName: 'Hana',
    lastName: 'Sato',
    specialty: 'Acupuncture',
    bio:
      "Hana is a licensed acupuncturist with a master's degree in Oriental medicine. She treats chronic " +
      'pain, tension headaches and stress, and takes the time at a first visit to put needle-shy patients ' +
      'at ease.',
  },
  {
    id: 8,
    officeId: 4,
    firstName: 'Wei',
    lastName: 'Chen',
    specialty: 'Acupuncture',
    bio:
      'Wei has practiced acupuncture for more than fifteen years, with a focus on low back pain, sciatica ' +
      'and recovery after surgery. He combines traditional technique with electro-acupuncture when it helps.',
  },
  {
    id: 9,
    officeId: 1,
    firstName: 'Tessa',
    lastName: 'Morgan',
    specialty: 'PT Staff',
    bio:
      'Tessa manages the Denver clinic and is a certified physical therapist assistant. She keeps ' +
      'schedules, authorizations and insurance questions moving so the therapists can focus on care.',
  },
  {
    id: 10,
    officeId: 2,
    firstName: 'Luis',
    lastName: 'Delgado',
    specialty: 'PT Staff',
    bio:
      'Luis is a physical therapist assistant who leads our small-group strength and mobility sessions. ' +
      'He is bilingual in English and Spanish and makes sure nobody leaves without knowing their home program.',
  },
  {
    id: 11,
    officeId: 5,
    firstName: 'Grace',
    lastName: 'Whitfield',
    specialty: 'Physical Therapist',
    bio:
      'Grace is a doctor of physical therapy with a special interest in golf and tennis injuries, from ' +
      'elbow tendinopathy to shoulder strain. She uses slow-motion swing video to find the movement behind ' +
      'the pain.',
  },
  {
    id: 12,
    officeId: 5,
    firstName: 'Samir',
    lastName: 'Haddad',
    specialty: 'Massage Therapist',
    bio: '',
  },
  {
    id: 13,
    officeId: 4,
    firstName: 'Nora',
    lastName: 'Quinlan',
    specialty: 'Physical Therapist',
    bio:
      'Nora treats general orthopedic injuries as well as pelvic health before and after pregnancy. She ' +
      'creates a calm, private space for conversations that can feel hard to start.',
  },
  {
    id: 14,
    officeId: 3,
    firstName: 'Ben',
    lastName: 'Archer',
    specialty: 'PT Staff',
    bio:
      'Ben is a rehab aide and certified strength coach who coaches patients through their programs on the ' +
      'gym floor. Ask him about Tripod, his three-legged rescue dog and the clinic’s unofficial mascot.',
  },
  {
    id: PLACEHOLDER_DOCTOR_ID,
    officeId: null,
    firstName: 'Not Sure',
    lastName: '',
    specialty: 'Physical Therapist',
    bio: '',
    isPlaceholder: true,
  },
  {
    id: 16,
    officeId: 1,
    firstName: 'Avery',
    lastName: 'Brooks',
    specialty: 'ADMIN',
    bio: 'Avery runs operations for the Summit network: offices, schedules, insurance contracts and content.',
  },
  {
    id: 17,
    officeId: 2,
    firstName: 'Rosa',
    lastName: 'Jimenez',
    specialty: 'FRONT_DESK',
    bio: 'Rosa greets patients at South Congress, checks them in and untangles insurance questions.',
  },
];

export interface InsuranceSeed {
  id: number;
  name: string;
  days: number;
  authorization: 'Required' | 'Not required';
  insCode: string;
  address: string;
  acceptance: 'yes' | 'no' | 'patient';
  coverageName: string;
}

export const INSURANCES: readonly InsuranceSeed[] = [
  {
    id: 1,
    name: 'Medicare',
    days: 90,
    authorization: 'Not required',
    insCode: 'MCR',
    address: 'Medicare Part B Claims, PO Box 0101, Fargo, ND 58108',
    acceptance: 'yes',
    coverageName: 'Medicare Part B',
  },
  {
    id: 2,
    name: 'Blue Cross Blue Shield',
    days: 60,
    authorization: 'Required',
    insCode: 'BCBS',
    address: 'Claims Department, PO Box 0102, Chicago, IL 60601',
    acceptance: 'yes',
    coverageName: 'Blue Choice PPO',
  },
  {
    id: 3,
    name: 'Aetna',
    days: 60,
    authorization: 'Required',
    insCode: 'AET',
    address: 'Aetna Claims, PO Box 0103, Lexington, KY 40512',
    acceptance: 'yes',
    coverageName: 'Open Access Managed Choice',
  },
  {
    id: 4,
    name: 'UnitedHealthcare',
    days: 30,
    authorization: 'Required',
    insCode: 'UHC',
    address: 'UnitedHealthcare Claims, PO Box 0104, Salt Lake City, UT 84130',
    acceptance: 'patient',
    coverageName: 'Choice Plus',
  },
  {
    id: 5,
    name: 'Cigna',
    days: 45,
    authorization: 'Not required',
    insCode: 'CIG',
    address: 'Cigna Claims, PO Box 0105, Chattanooga, TN 37422',
    acceptance: 'patient',
    coverageName: 'Open Access Plus',
  },
  {
    id: 6,
    name: 'Humana',
    days: 30,
    authorization: 'Required',
    insCode: 'HUM',
    address: 'Humana Claims Office, PO Box 0106, Louisville, KY 40201',
    acceptance: 'no',
    coverageName: 'Medicare Advantage HMO',
  },
  {
    id: 7,
    name: "Workers' Compensation",
    days: 90,
    authorization: 'Required',
    insCode: 'WC',
    address: "Billed to the employer's carrier named on the claim",
    acceptance: 'yes',
    coverageName: "State workers' compensation",
  },
  {
    id: 8,
    name: 'Auto / PIP',
    days: 180,
    authorization: 'Not required',
    insCode: 'PIP',
    address: "Billed to the patient's auto insurer named on the claim",
    acceptance: 'yes',
    coverageName: 'Personal injury protection',
  },
  {
    id: 9,
    name: 'TRICARE',
    days: 60,
    authorization: 'Required',
    insCode: 'TRI',
    address: 'TRICARE Claims, PO Box 0109, Madison, WI 53708',
    acceptance: 'patient',
    coverageName: 'TRICARE Select',
  },
  {
    id: 10,
    name: 'Medicaid',
    days: 30,
    authorization: 'Required',
    insCode: 'MCD',
    address: 'State Medicaid Claims, PO Box 0110',
    acceptance: 'no',
    coverageName: 'State Medicaid',
  },
];

/** CPT and HCPCS procedure codes, difference_code 'P'. */
export const PROCEDURE_CODES: readonly (readonly [string, string])[] = [
  ['97161', 'Physical therapy evaluation, low complexity'],
  ['97162', 'Physical therapy evaluation, moderate complexity'],
  ['97163', 'Physical therapy evaluation, high complexity'],
  ['97164', 'Physical therapy re-evaluation'],
  ['97110', 'Therapeutic exercise, each 15 minutes'],
  ['97112', 'Neuromuscular re-education, each 15 minutes'],
  ['97116', 'Gait training, each 15 minutes'],
  ['97140', 'Manual therapy techniques, each 15 minutes'],
  ['97530', 'Therapeutic activities, each 15 minutes'],
  ['97010', 'Hot or cold packs'],
  ['97014', 'Electrical stimulation, unattended'],
  ['G0283', 'Electrical stimulation, unattended (Medicare)'],
  ['97035', 'Ultrasound, each 15 minutes'],
  ['97124', 'Massage, each 15 minutes'],
  ['97810', 'Acupuncture without electrical stimulation, initial 15 minutes'],
  ['97811', 'Acupuncture without electrical stimulation, each additional 15 minutes'],
  ['97813', 'Acupuncture with electrical stimulation, initial 15 minutes'],
];

/** ICD-10-CM diagnosis codes, difference_code 'D'. */
export const DIAGNOSIS_CODES: readonly (readonly [string, string])[] = [
  ['M54.50', 'Low back pain, unspecified'],
  ['M54.2', 'Cervicalgia'],
  ['M54.16', 'Radiculopathy, lumbar region'],
  ['M25.561', 'Pain in right knee'],
  ['M25.562', 'Pain in left knee'],
  ['M25.511', 'Pain in right shoulder'],
  ['M75.101', 'Unspecified rotator cuff tear or rupture of right shoulder, not specified as traumatic'],
  ['S83.511A', 'Sprain of anterior cruciate ligament of right knee, initial encounter'],
  ['M17.11', 'Unilateral primary osteoarthritis, right knee'],
  ['M79.7', 'Fibromyalgia'],
  ['G44.209', 'Tension-type headache, unspecified, not intractable'],
  ['S13.4XXA', 'Sprain of ligaments of cervical spine, initial encounter'],
  ['M62.830', 'Muscle spasm of back'],
  ['M76.891', 'Other specified enthesopathies of right lower limb, excluding foot'],
  ['M77.12', 'Lateral epicondylitis, left elbow'],
  ['Z96.651', 'Presence of right artificial knee joint'],
  ['R26.81', 'Unsteadiness on feet'],
];

export const PROMOTIONS: readonly { title: string; description: string; status: number; picture: string }[] =
  [
    {
      status: 1,
      title: 'Free Posture Screening',
      picture: 'demo-free-posture-screening',
      description:
        'Desk-bound and stiff by Friday? Stop by any Summit clinic on a weekday afternoon for a free ' +
        '15-minute posture and workstation screening with a physical therapist.',
    },
    {
      status: 2,
      title: 'Acupuncture in Portland and Raleigh',
      picture: 'demo-acupuncture',
      description:
        'Our licensed acupuncturists treat back pain, headaches and stress alongside your physical therapy. ' +
        'Ask the front desk whether your plan covers it.',
    },
    {
      status: 3,
      title: 'Evening Hours in Raleigh',
      picture: 'demo-evening-hours',
      description:
        'North Hills now sees patients until 7 pm Monday to Thursday, so rehab fits around your workday.',
    },
    {
      status: 4,
      title: 'Rewards That Add Up',
      picture: 'demo-rewards',
      description:
        'Earn a point for every completed visit and every rating you leave, then trade them for massage ' +
        'vouchers, foam rollers and more in the Rewards shop.',
    },
  ];

/** Reward items; dates are day offsets from the practice's today (platform/time/practice-date.ts). */
export const INVENTORY_ITEMS: readonly {
  title: string;
  /** Its demo picture (scripts/make-demo-images.mjs). */
  picture: string;
  description: string;
  price: number;
  startDay: number;
  endDay: number;
}[] = [
  {
    title: 'Summit Water Bottle',
    picture: 'demo-water-bottle',
    description:
      'A 24 oz insulated steel bottle with the Summit logo. Keeps ice water cold through a full workout.',
    price: 5,
    startDay: -120,
    endDay: 240,
  },
  {
    title: 'Resistance Band Set',
    picture: 'demo-resistance-bands',
    description:
      'Three latex-free bands (light, medium, heavy) with a door anchor, so your home program travels.',
    price: 8,
    startDay: -120,
    endDay: 240,
  },
  {
    title: '30-Minute Massage Voucher',
    picture: 'demo-massage-voucher',
    description:
      'Redeem at any Summit clinic for a 30-minute therapeutic massage. Book it as a Voucher visit.',
    price: 12,
    startDay: -200,
    endDay: 180,
  },
  {
    title: 'Foam Roller',
    picture: 'demo-foam-roller',
    description: 'An 18-inch high-density foam roller for calves, quads and upper back.',
    price: 15,
    startDay: -60,
    endDay: 120,
  },
  {
    title: 'Acupuncture Session Voucher',
    picture: 'demo-acupuncture-voucher',
    description: 'One 45-minute acupuncture session in Portland or Raleigh. Book it as a Voucher visit.',
    price: 25,
    startDay: -30,
    endDay: 150,
  },
  {
    title: 'Private Reformer Pilates Session',
    picture: 'demo-reformer-pilates',
    description:
      'A one-on-one, 50-minute reformer session with a physical therapist, built around your rehab goals.',
    price: 60,
    startDay: -10,
    endDay: 90,
  },
];

export const CONTENTS: readonly {
  title: string;
  extraData: string;
  category: string;
  fontSize: number;
  html: string;
}[] = [
  {
    title: 'Five Gentle Stretches for Low Back Pain',
    extraData: 'Patient Resources',
    category: 'Home Exercise',
    fontSize: 16,
    html:
      '<p>Do these once or twice a day, slowly, and stop if pain spreads down a leg.</p><ol>' +
      '<li>Knee-to-chest, 3 x 20 seconds each side</li><li>Pelvic tilts, 10 slow repetitions</li>' +
      '<li>Cat and camel, 10 repetitions</li><li>Child’s pose, 3 x 30 seconds</li>' +
      '<li>Lying twist, 3 x 20 seconds each side</li></ol>',
  },
  {
    title: 'Knee Strength After ACL Surgery: Weeks 2 to 6',
    extraData: 'Patient Resources',
    category: 'Home Exercise',
    fontSize: 16,
    html:
      '<p>Your therapist will tell you which of these you are cleared for.</p><ul>' +
      '<li>Quad sets, 3 x 10 with a 5-second hold</li><li>Straight-leg raises, 3 x 10</li>' +
      '<li>Heel slides, 3 x 15</li><li>Mini squats to a chair, 3 x 10</li></ul>',
  },
  {
    title: 'What to Bring to Your First Visit',
    extraData: 'Patient Resources',
    category: 'Your Visit',
    fontSize: 18,
    html:
      '<p>Please arrive 10 minutes early and bring:</p><ul><li>A photo ID and your insurance card</li>' +
      '<li>Your referral or prescription, if your plan requires one</li><li>A list of your medications</li>' +
      '<li>Comfortable clothes you can move in</li></ul>',
  },
  {
    title: 'Cancellation and No-Show Policy',
    extraData: 'About Us',
    category: 'Policies',
    fontSize: 16,
    html:
      '<p>Please give us at least 24 hours notice if you need to cancel, so another patient can have your ' +
      'slot. Two no-shows in a row may mean we ask you to book one visit at a time.</p>',
  },
];

export interface VisitSeed {
  /** Days from the office-local today; moved to the nearest weekday further from today. */
  day: number;
  /**
   * Kept on its day whatever the weekday (at an office open every day, at a time inside its shortest hours),
   * so that the check-in board has visits today, on Saturdays and Sundays too.
   */
  everyDay?: true;
  time: string;
  doctorId: number;
  /** Needed only for the placeholder doctor, who has no office. */
  officeId?: number;
  /** A visit type, or the key of one of the patient's purchases for a Voucher-{id} visit. */
  typeVisit: string | { voucher: string };
  status: 'Scheduled' | 'Completed' | 'Canceled' | 'No Show';
  notes?: string;
  /** Which of the patient's authorizations covers the visit (index), for its diagnosis combiner. */
  authorization?: number;
  /** A rating the patient submitted after the visit (else a completed visit keeps the default rating). */
  rating?: { rating: number; officeRating: number; reason: string; extraNotes: string; anonymous?: boolean };
}

export interface PatientSeed {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  dateOfBirth: string;
  phoneNumber: string;
  sex: 'Male' | 'Female' | 'Other';
  notes: string;
  nfWc: string;
  homeOfficeId: number;
  joinedDaysAgo: number;
  insurance: {
    insuranceId: number;
    subscriber: string;
    active: string[];
    coPay: number | null;
    notes: string;
  };
  authorizations: {
    referredBy: string;
    authCode: string;
    startDay: number;
    endDay: number;
    visits: number;
    weeklyVisitLimit: number;
    active: boolean;
    diagnoses: string[];
    procedures: string[];
  }[];
  permissions: {
    promotionText: boolean;
    promotionEmail: boolean;
    appointmentReminderText: boolean;
    appointmentReminderEmail: boolean;
    authorizationReminderText: boolean;
    authorizationReminderEmail: boolean;
  };
  /** Reward purchases, referred to by key from voucher visits. */
  purchases: { key: string; day: number; item: string }[];
  visits: VisitSeed[];
}

export const PATIENTS: readonly PatientSeed[] = [
  {
    username: 'patient',
    firstName: 'Emily',
    lastName: 'Carter',
    email: 'emily.carter@mail.example',
    dateOfBirth: '1988-04-12',
    phoneNumber: '(303) 555-0161',
    sex: 'Female',
    notes: 'Trail runner. Low back pain and right knee pain after a spring marathon build-up.',
    nfWc: '',
    homeOfficeId: 1,
    joinedDaysAgo: 170,
    insurance: {
      insuranceId: 2,
      subscriber: 'Self',
      active: ['visit', 'double'],
      coPay: 30,
      notes: 'Group 40021',
    },
    authorizations: [
      {
        referredBy: 'Dr. Alan Pierce, Highlands Family Medicine',
        authCode: 'BCB-310877',
        startDay: -200,
        endDay: -110,
        visits: 12,
        weeklyVisitLimit: 2,
        active: false,
        diagnoses: ['M25.561', 'M76.891'],
        procedures: ['97161', '97110', '97112'],
      },
      {
        referredBy: 'Dr. Alan Pierce, Highlands Family Medicine',
        authCode: 'BCB-448120',
        startDay: -45,
        endDay: 50,
        visits: 24,
        weeklyVisitLimit: 2,
        active: true,
        diagnoses: ['M54.50', 'M62.830'],
        procedures: ['97162', '97110', '97140', '97530'],
      },
    ],
    permissions: {
      promotionText: false,
      promotionEmail: true,
      appointmentReminderText: true,
      appointmentReminderEmail: true,
      authorizationReminderText: false,
      authorizationReminderEmail: true,
    },
    purchases: [{ key: 'massage', day: -12, item: '30-Minute Massage Voucher' }],
    visits: [
      {
        day: -150,
        time: '10:00',
        doctorId: 1,
        typeVisit: 'eval',
        status: 'Completed',
        authorization: 0,
        notes: 'Right knee pain on downhill running.',
        rating: {
          rating: 9,
          officeRating: 10,
          reason: 'Found the problem at the first visit',
          extraNotes: 'Maya watched me run on the treadmill and spotted my hip drop right away.',
        },
      },
      { day: -60, time: '08:00', doctorId: 1, typeVisit: 'visit (pay)', status: 'Completed' },
      {
        day: -52,
        time: '08:00',
        doctorId: 5,
        typeVisit: 'visit (pay)',
        status: 'Completed',
        rating: { rating: 10, officeRating: 9, reason: 'Great massage', extraNotes: '' },
      },
      {
        day: -38,
        time: '09:00',
        doctorId: 1,
        typeVisit: 'eval',
        status: 'Completed',
        authorization: 1,
        notes: 'Low back pain after long runs.',
        rating: {
          rating: 10,
          officeRating: 9,
          reason: 'Clear plan',
          extraNotes: 'Loved the home program app.',
        },
      },
      {
        day: -31,
        time: '09:00',
        doctorId: 1,
        typeVisit: 'visit',
        status: 'Completed',
        authorization: 1,
        rating: { rating: 9, officeRating: 9, reason: 'Steady progress', extraNotes: '' },
      },
      { day: -24, time: '09:00', doctorId: 1, typeVisit: 'visit', status: 'Canceled', authorization: 1 },
      { day: -17, time: '09:00', doctorId: 1, typeVisit: 'double', status: 'Completed', authorization: 1 },
      {
        day: -10,
        time: '11:00',
        doctorId: 5,
        typeVisit: { voucher: 'massage' },
        status: 'Completed',
        notes: 'Reward massage.',
      },
      { day: -3, time: '09:00', doctorId: 1, typeVisit: 'visit', status: 'Completed', authorization: 1 },
      {
        day: 0,
        everyDay: true,
        time: '11:30',
        doctorId: 4,
        typeVisit: 'visit (pay)',
        status: 'Scheduled',
        notes: 'Visiting family in Raleigh this week.',
      },
      { day: 2, time: '09:30', doctorId: 1, typeVisit: 'visit', status: 'Scheduled', authorization: 1 },
      { day: 9, time: '09:30', doctorId: 1, typeVisit: 'double', status: 'Scheduled', authorization: 1 },
      { day: 16, time: '11:00', doctorId: 5, typeVisit: 'visit (pay)', status: 'Scheduled' },
    ],
  },
  {
    username: 'patient2',
    firstName: 'James',
    lastName: 'Nguyen',
    email: 'james.nguyen@mail.example',
    dateOfBirth: '1979-09-30',
    phoneNumber: '(512) 555-0162',
    sex: 'Male',
    notes:
      'Right ACL reconstruction (hamstring graft) six weeks before the first visit. Plays weekend soccer.',
    nfWc: '',
    homeOfficeId: 2,
    joinedDaysAgo: 30,
    insurance: { insuranceId: 3, subscriber: 'Self', active: ['visit'], coPay: 25, notes: '' },
    authorizations: [
      {
        referredBy: 'Dr. Sarah Feld, Capital Orthopedics',
        authCode: 'AET-902113',
        startDay: -22,
        endDay: 70,
        visits: 18,
        weeklyVisitLimit: 3,
        active: true,
        diagnoses: ['S83.511A', 'M25.561'],
        procedures: ['97163', '97110', '97112', '97140', '97530'],
      },
    ],
    permissions: {
      promotionText: true,
      promotionEmail: true,
      appointmentReminderText: true,
      appointmentReminderEmail: false,
      authorizationReminderText: true,
      authorizationReminderEmail: false,
    },
    purchases: [{ key: 'massage', day: -2, item: '30-Minute Massage Voucher' }],
    visits: [
      {
        day: -21,
        time: '10:00',
        doctorId: 2,
        typeVisit: 'eval',
        status: 'Completed',
        authorization: 0,
        notes: '6 weeks post-op, right knee.',
        rating: {
          rating: 10,
          officeRating: 10,
          reason: 'Knows ACL rehab inside out',
          extraNotes: 'Daniel explained every exercise and why it matters.',
        },
      },
      { day: -18, time: '10:00', doctorId: 2, typeVisit: 'visit', status: 'Completed', authorization: 0 },
      { day: -14, time: '10:00', doctorId: 2, typeVisit: 'visit', status: 'Completed', authorization: 0 },
      { day: -11, time: '10:00', doctorId: 2, typeVisit: 'visit', status: 'Completed', authorization: 0 },
      { day: -9, time: '10:00', doctorId: 2, typeVisit: 'visit', status: 'No Show', authorization: 0 },
      {
        day: -7,
        time: '10:00',
        doctorId: 2,
        typeVisit: 'visit',
        status: 'Completed',
        authorization: 0,
        rating: { rating: 8, officeRating: 7, reason: 'Good session', extraNotes: 'Parking lot was full.' },
      },
      { day: -4, time: '10:00', doctorId: 2, typeVisit: 'visit', status: 'Completed', authorization: 0 },
      { day: 0, time: '10:00', doctorId: 2, typeVisit: 'visit', status: 'Scheduled', authorization: 0 },
      { day: 3, time: '10:00', doctorId: 2, typeVisit: 'visit', status: 'Scheduled', authorization: 0 },
      { day: 8, time: '10:00', doctorId: 2, typeVisit: 'visit', status: 'Scheduled', authorization: 0 },
    ],
  },
  {
    username: 'sramirez',
    firstName: 'Sofia',
    lastName: 'Ramirez',
    email: 'sofia.ramirez@mail.example',
    dateOfBirth: '1995-02-18',
    phoneNumber: '(503) 555-0163',
    sex: 'Female',
    notes: 'Rear-ended at a stoplight; neck pain and headaches since.',
    nfWc: '',
    homeOfficeId: 3,
    joinedDaysAgo: 20,
    insurance: {
      insuranceId: 4,
      subscriber: 'Self',
      active: ['visit', 'acupuncture'],
      coPay: 40,
      notes: 'Acupuncture limited to 12 visits a year.',
    },
    authorizations: [
      {
        referredBy: 'Dr. Tom Reyes, Pearl Urgent Care',
        authCode: 'UHC-551902',
        startDay: -14,
        endDay: 80,
        visits: 12,
        weeklyVisitLimit: 2,
        active: true,
        diagnoses: ['M54.2', 'G44.209', 'S13.4XXA'],
        procedures: ['97162', '97140', '97110', '97810', '97811'],
      },
    ],
    permissions: {
      promotionText: false,
      promotionEmail: false,
      appointmentReminderText: true,
      appointmentReminderEmail: true,
      authorizationReminderText: false,
      authorizationReminderEmail: false,
    },
    purchases: [],
    visits: [
      { day: -12, time: '13:00', doctorId: 3, typeVisit: 'eval', status: 'Completed', authorization: 0 },
      {
        day: -8,
        time: '14:00',
        doctorId: 7,
        typeVisit: 'acupuncture',
        status: 'Completed',
        authorization: 0,
        rating: {
          rating: 8,
          officeRating: 9,
          reason: 'Less scary than I expected',
          extraNotes: 'Headache was gone by the evening.',
          anonymous: true,
        },
      },
      { day: -5, time: '13:00', doctorId: 3, typeVisit: 'visit', status: 'Completed', authorization: 0 },
      { day: 4, time: '14:00', doctorId: 7, typeVisit: 'acupuncture', status: 'Scheduled', authorization: 0 },
      { day: 6, time: '13:00', doctorId: 3, typeVisit: 'visit', status: 'Scheduled', authorization: 0 },
      {
        day: 11,
        time: '15:00',
        doctorId: PLACEHOLDER_DOCTOR_ID,
        officeId: 3,
        typeVisit: 'visit',
        status: 'Scheduled',
        authorization: 0,
        notes: 'Any therapist is fine; late afternoon preferred.',
      },
    ],
  },
  {
    username: 'mobrien',
    firstName: 'Michael',
    lastName: "O'Brien",
    email: 'michael.obrien@mail.example',
    dateOfBirth: '1956-11-03',
    phoneNumber: '(919) 555-0164',
    sex: 'Male',
    notes: 'Right total knee replacement. Uses a cane outdoors.',
    nfWc: '',
    homeOfficeId: 4,
    joinedDaysAgo: 40,
    insurance: {
      insuranceId: 1,
      subscriber: 'Self',
      active: ['visit'],
      coPay: 20,
      notes: 'Part B, secondary AARP.',
    },
    authorizations: [
      {
        referredBy: 'Dr. Helen Marsh, Triangle Joint Center',
        authCode: 'MCR-POC-7731',
        startDay: -32,
        endDay: 58,
        visits: 20,
        weeklyVisitLimit: 3,
        active: true,
        diagnoses: ['Z96.651', 'R26.81', 'M17.11'],
        procedures: ['97162', '97110', '97116', '97530'],
      },
    ],
    permissions: {
      promotionText: false,
      promotionEmail: false,
      appointmentReminderText: false,
      appointmentReminderEmail: true,
      authorizationReminderText: false,
      authorizationReminderEmail: true,
    },
    purchases: [],
    visits: [
      { day: -30, time: '08:30', doctorId: 4, typeVisit: 'eval', status: 'Completed', authorization: 0 },
      { day: -26, time: '08:30', doctorId: 4, typeVisit: 'visit', status: 'Completed', authorization: 0 },
      { day: -23, time: '08:30', doctorId: 4, typeVisit: 'visit', status: 'Completed', authorization: 0 },
      { day: -19, time: '08:30', doctorId: 4, typeVisit: 'visit', status: 'Completed', authorization: 0 },
      { day: -16, time: '08:30', doctorId: 4, typeVisit: 'visit', status: 'Canceled', authorization: 0 },
      { day: -12, time: '08:30', doctorId: 4, typeVisit: 'visit', status: 'Completed', authorization: 0 },
      {
        day: -9,
        time: '08:30',
        doctorId: 4,
        typeVisit: 'visit',
        status: 'Completed',
        authorization: 0,
        rating: {
          rating: 10,
          officeRating: 10,
          reason: 'Walking without the cane indoors',
          extraNotes: 'Marcus and the whole team are wonderful.',
        },
      },
      {
        day: 0,
        everyDay: true,
        time: '10:00',
        doctorId: 4,
        typeVisit: 'visit',
        status: 'Scheduled',
        authorization: 0,
      },
      { day: 2, time: '08:30', doctorId: 4, typeVisit: 'visit', status: 'Scheduled', authorization: 0 },
      { day: 7, time: '08:30', doctorId: 4, typeVisit: 'visit', status: 'Scheduled', authorization: 0 },
    ],
  },
  {
    username: 'ajohnson',
    firstName: 'Aisha',
    lastName: 'Johnson',
    email: 'aisha.johnson@mail.example',
    dateOfBirth: '2001-06-25',
    phoneNumber: '(512) 555-0165',
    sex: 'Female',
    notes: 'Graduate student; left knee pain when climbing stairs.',
    nfWc: '',
    homeOfficeId: 2,
    joinedDaysAgo: 25,
    insurance: { insuranceId: 5, subscriber: 'Self', active: ['visit', 'double'], coPay: 35, notes: '' },
    authorizations: [],
    permissions: {
      promotionText: true,
      promotionEmail: true,
      appointmentReminderText: true,
      appointmentReminderEmail: true,
      authorizationReminderText: true,
      authorizationReminderEmail: true,
    },
    purchases: [],
    visits: [
      {
        day: -15,
        time: '16:00',
        doctorId: 2,
        typeVisit: 'eval',
        status: 'Completed',
        notes: 'Left knee, anterior pain on stairs.',
        rating: {
          rating: 7,
          officeRating: 6,
          reason: 'Good care, long wait',
          extraNotes: 'I waited 20 minutes past my appointment time.',
        },
      },
      { day: -6, time: '15:00', doctorId: 6, typeVisit: 'visit (pay)', status: 'Completed' },
      { day: 0, time: '15:00', doctorId: 6, typeVisit: 'visit (pay)', status: 'Scheduled' },
      { day: 5, time: '16:00', doctorId: 2, typeVisit: 'visit', status: 'Scheduled' },
    ],
  },
  {
    username: 'rkim',
    firstName: 'Robert',
    lastName: 'Kim',
    email: 'robert.kim@mail.example',
    dateOfBirth: '1984-01-09',
    phoneNumber: '(303) 555-0166',
    sex: 'Male',
    notes: 'Warehouse lead; right shoulder strain lifting a pallet at work.',
    nfWc: 'WC',
    homeOfficeId: 1,
    joinedDaysAgo: 28,
    insurance: {
      insuranceId: 7,
      subscriber: 'Front Range Logistics, Inc.',
      active: ['visit'],
      coPay: null,
      notes: 'Claim WC-2291-0457; adjuster Pat Lowe.',
    },
    authorizations: [
      {
        referredBy: 'Dr. Irene Cho, Occupational Health Denver',
        authCode: 'WC-2291-0457',
        startDay: -26,
        endDay: 35,
        visits: 16,
        weeklyVisitLimit: 3,
        active: true,
        diagnoses: ['M75.101', 'M25.511'],
        procedures: ['97162', '97110', '97140', '97530', '97035'],
      },
    ],
    permissions: {
      promotionText: false,
      promotionEmail: false,
      appointmentReminderText: true,
      appointmentReminderEmail: false,
      authorizationReminderText: true,
      authorizationReminderEmail: false,
    },
    purchases: [],
    visits: [
      { day: -25, time: '13:00', doctorId: 1, typeVisit: 'eval', status: 'Completed', authorization: 0 },
      { day: -20, time: '13:00', doctorId: 1, typeVisit: 'visit', status: 'Completed', authorization: 0 },
      { day: -13, time: '13:00', doctorId: 1, typeVisit: 'visit', status: 'Completed', authorization: 0 },
      { day: -6, time: '13:00', doctorId: 1, typeVisit: 'visit', status: 'No Show', authorization: 0 },
      { day: 0, time: '13:00', doctorId: 1, typeVisit: 'visit', status: 'Scheduled', authorization: 0 },
      { day: 4, time: '13:00', doctorId: 1, typeVisit: 'visit', status: 'Scheduled', authorization: 0 },
    ],
  },
  {
    username: 'obennett',
    firstName: 'Olivia',
    lastName: 'Bennett',
    email: 'olivia.bennett@mail.example',
    dateOfBirth: '1969-08-14',
    phoneNumber: '(480) 555-0167',
    sex: 'Female',
    notes: 'Tennis player; left lateral elbow pain for three months.',
    nfWc: '',
    homeOfficeId: 5,
    joinedDaysAgo: 10,
    insurance: {
      insuranceId: 9,
      subscriber: 'Mark Bennett (spouse)',
      active: ['visit'],
      coPay: 15,
      notes: '',
    },
    authorizations: [
      {
        referredBy: 'Dr. Paul Navarro, Camelback Sports Medicine',
        authCode: 'TRI-600418',
        startDay: -7,
        endDay: 85,
        visits: 10,
        weeklyVisitLimit: 2,
        active: true,
        diagnoses: ['M77.12'],
        procedures: ['97161', '97140', '97110', '97035'],
      },
    ],
    permissions: {
      promotionText: false,
      promotionEmail: true,
      appointmentReminderText: false,
      appointmentReminderEmail: true,
      authorizationReminderText: false,
      authorizationReminderEmail: false,
    },
    purchases: [],
    visits: [
      {
        day: -5,
        time: '09:00',
        doctorId: 11,
        typeVisit: 'eval',
        status: 'Completed',
        authorization: 0,
        rating: {
          rating: 9,
          officeRating: 10,
          reason: 'Swing video was eye-opening',
          extraNotes: 'Grace found the problem in my backhand.',
        },
      },
      { day: 3, time: '09:00', doctorId: 11, typeVisit: 'visit', status: 'Scheduled', authorization: 0 },
      { day: 10, time: '09:00', doctorId: 11, typeVisit: 'visit', status: 'Scheduled', authorization: 0 },
      { day: 12, time: '11:00', doctorId: 12, typeVisit: 'visit (pay)', status: 'Scheduled' },
    ],
  },
  {
    username: 'dthompson',
    firstName: 'David',
    lastName: 'Thompson',
    email: 'david.thompson@mail.example',
    dateOfBirth: '1991-03-27',
    phoneNumber: '(919) 555-0168',
    sex: 'Male',
    notes: 'Whiplash and upper back spasm after a car accident.',
    nfWc: 'NF',
    homeOfficeId: 4,
    joinedDaysAgo: 16,
    insurance: {
      insuranceId: 8,
      subscriber: 'Self',
      active: ['visit', 'double', 'acupuncture'],
      coPay: 0,
      notes: 'PIP claim 77-104-2291.',
    },
    authorizations: [
      {
        referredBy: 'Dr. Karen Liu, Wake Orthopedics',
        authCode: 'PIP-77104',
        startDay: -15,
        endDay: 45,
        visits: 20,
        weeklyVisitLimit: 3,
        active: true,
        diagnoses: ['S13.4XXA', 'M54.2', 'M62.830'],
        procedures: ['97162', '97140', '97110', '97112', '97813'],
      },
    ],
    permissions: {
      promotionText: true,
      promotionEmail: false,
      appointmentReminderText: true,
      appointmentReminderEmail: true,
      authorizationReminderText: false,
      authorizationReminderEmail: true,
    },
    purchases: [],
    visits: [
      { day: -14, time: '15:30', doctorId: 13, typeVisit: 'eval', status: 'Completed', authorization: 0 },
      { day: -10, time: '15:30', doctorId: 13, typeVisit: 'visit', status: 'Completed', authorization: 0 },
      {
        day: -7,
        time: '12:00',
        doctorId: 8,
        typeVisit: 'acupuncture',
        status: 'Completed',
        authorization: 0,
        rating: { rating: 8, officeRating: 8, reason: 'Helped the spasm', extraNotes: '' },
      },
      {
        day: 0,
        everyDay: true,
        time: '11:00',
        doctorId: 13,
        typeVisit: 'visit',
        status: 'Scheduled',
        authorization: 0,
      },
      { day: 0, time: '14:00', doctorId: 13, typeVisit: 'double', status: 'Scheduled', authorization: 0 },
      { day: 6, time: '14:00', doctorId: 13, typeVisit: 'double', status: 'Scheduled', authorization: 0 },
    ],
  },
];

export interface StaffAccountSeed {
  username: string;
  role: 'ADMIN' | 'MANAGER' | 'FRONTDESK' | 'DOCTOR';
  doctorId: number;
  description: string;
}

export const STAFF_ACCOUNTS: readonly StaffAccountSeed[] = [
  { username: 'admin', role: 'ADMIN', doctorId: 16, description: 'Administrator Avery Brooks' },
  {
    username: 'manager',
    role: 'MANAGER',
    doctorId: 9,
    description: 'Tessa Morgan, Denver clinic manager (PT Staff)',
  },
  {
    username: 'frontdesk',
    role: 'FRONTDESK',
    doctorId: 17,
    description: 'Rosa Jimenez, front desk in Austin',
  },
  {
    username: 'doctor',
    role: 'DOCTOR',
    doctorId: 1,
    description: 'Maya Lindqvist, physical therapist in Denver',
  },
];
