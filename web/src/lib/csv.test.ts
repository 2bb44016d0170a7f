import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csvCell', () => {
  it('writes plain text and numbers as they are, and nothing for a missing value', () => {
    expect(csvCell('Emily Carter')).toBe('Emily Carter');
    expect(csvCell(12)).toBe('12');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes a cell with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvCell('Carter, Emily')).toBe('"Carter, Emily"');
    expect(csvCell('Dr. "Pete" Pierce')).toBe('"Dr. ""Pete"" Pierce"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it('prefixes text that starts like a formula with an apostrophe', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('A=1')).toBe('A=1');
  });
});

describe('toCsv', () => {
  it('joins a header and rows with commas and CRLF line ends', () => {
    expect(
      toCsv(
        ['Name', 'Visits'],
        [
          ['Emily', 3],
          ['Carter, Jo', null],
        ],
      ),
    ).toBe('Name,Visits\r\nEmily,3\r\n"Carter, Jo",\r\n');
  });
});
