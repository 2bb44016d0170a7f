import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { avatarColour, initialsOf, PersonPicture } from './person-picture';

describe('initialsOf', () => {
  it('takes the first letters of the first and last names, whatever the script', () => {
    expect(initialsOf('Maya Lindqvist')).toBe('ML');
    expect(initialsOf('  maya   de la Cruz ')).toBe('MC');
    expect(initialsOf('Zoë')).toBe('Z');
    expect(initialsOf('Ánh Nguyễn')).toBe('ÁN');
    expect(initialsOf('李 小龍')).toBe('李小');
    expect(initialsOf("O'Brien, Dr.")).toBe('OD');
    expect(initialsOf('')).toBe('?');
  });

  it('gives one person the same colour every time', () => {
    expect(avatarColour('Maya Lindqvist')).toBe(avatarColour('Maya Lindqvist'));
  });
});

describe('PersonPicture', () => {
  it('shows the picture, and the initials when there is none or it fails to load', () => {
    const { rerender } = render(
      <PersonPicture
        src="/images/doctor/maya.png"
        name="Maya Lindqvist"
        alt="Photo of Maya Lindqvist"
        width={100}
        height={100}
      />,
    );
    const img = screen.getByRole('img', { name: 'Photo of Maya Lindqvist' });
    expect(img.tagName).toBe('IMG');
    fireEvent.error(img);
    expect(screen.getByRole('img', { name: 'Photo of Maya Lindqvist (initials ML)' }).textContent).toBe('ML');

    rerender(<PersonPicture src="" name="Elena Vasquez" alt="" width={100} height={100} />);
    expect(screen.queryByRole('img')).toBeNull(); // decorative: the name is next to it
    expect(document.querySelector('svg')?.textContent).toBe('EV');
  });
});
