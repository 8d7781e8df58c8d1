import { describe, expect, it } from 'vitest';
import { eprPdfFileName } from './epr-pdf';

const review = (name: string) => ({ id: 12, employee: { name, eid: '1004' } });

describe('the file name of a review PDF', () => {
  it('EPR_<name>_<eid>_<id>.pdf, the same in both forms for a plain Latin name', () => {
    expect(eprPdfFileName(review('Tanvir Ahmed'))).toEqual({
      ascii: 'EPR_Tanvir_Ahmed_1004_12.pdf',
      unicode: 'EPR_Tanvir_Ahmed_1004_12.pdf',
    });
  });

  it('accents drop in the ASCII form and stay in the other; quotes, slashes and dots never pass', () => {
    expect(eprPdfFileName(review(' José "Núñez" / O’Brien. '))).toEqual({
      ascii: 'EPR_Jose_Nunez_O_Brien_1004_12.pdf',
      unicode: 'EPR_José_Núñez_O_Brien_1004_12.pdf',
    });
  });

  it('a name in Arabic or Chinese reads "employee" in ASCII and as written in the other form', () => {
    expect(eprPdfFileName(review('محمد عبد الله'))).toEqual({
      ascii: 'EPR_employee_1004_12.pdf',
      unicode: 'EPR_محمد_عبد_الله_1004_12.pdf',
    });
    expect(eprPdfFileName(review('李小龙')).unicode).toBe('EPR_李小龙_1004_12.pdf');
  });
});
