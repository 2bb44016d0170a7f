/** Query keys of receipts; a purchase invalidates receiptKeys.all. */
export const receiptKeys = {
  all: ['receipts'] as const,
  ofBank: (pointsBankId: number) => ['receipts', 'pointsBank', pointsBankId] as const,
};
