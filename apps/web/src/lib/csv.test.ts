import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('the CSV writer', () => {
  it('quotes a field with a comma, quote or line break, doubling the quotes inside', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('Split, the bill')).toBe('"Split, the bill"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField(null)).toBe('');
  });

  it('defuses what a spreadsheet would run as a formula', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)'].map(csvField)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
    ]);
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it('ends every row with CRLF and keeps an empty row as a blank line', () => {
    expect(toCsv([['a', 1], [], ['b', null]])).toBe('a,1\r\n\r\nb,\r\n');
  });
});
