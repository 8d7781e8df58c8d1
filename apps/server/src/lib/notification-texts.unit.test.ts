import { LANGUAGES } from '@hr/contracts/limits';
import { NOTIFICATION_EVENTS } from '@hr/contracts/notifications';
import { describe, expect, it } from 'vitest';
import {
  itemTitle,
  NOTIFICATION_TEXTS,
  type NotificationTextKey,
  notificationTexts,
  placeholdersOf,
} from './notification-texts';
import { digestEmail, notificationEmail, setNotificationOrigin } from './notifications';

const english = NOTIFICATION_TEXTS.en;
const keys = Object.keys(english).sort() as NotificationTextKey[];

/** Texts that read the same in every language: formats without words. */
const SAME_EVERYWHERE = new Set<string>(['item.missing']);

describe('the notifications catalog', () => {
  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has every key, and no other', (language) => {
    expect(Object.keys(NOTIFICATION_TEXTS[language]).sort()).toEqual(keys);
  });

  it.each(LANGUAGES)('%s keeps the placeholders of every text, and no text is empty', (language) => {
    for (const key of keys) {
      const text = NOTIFICATION_TEXTS[language][key];
      expect(text.trim(), `${language} ${key}`).not.toBe('');
      expect(placeholdersOf(text), `${language} ${key}`).toEqual(placeholdersOf(english[key]));
    }
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s is translated, not English copied', (language) => {
    const copied = keys.filter(
      (k) => NOTIFICATION_TEXTS[language][k] === english[k] && !SAME_EVERYWHERE.has(k),
    );
    expect(copied).toEqual([]);
  });

  it.each(LANGUAGES)('%s has a sentence and an e-mail line for every event', (language) => {
    const texts = notificationTexts(language);
    for (const event of NOTIFICATION_EVENTS) {
      const facts = { event, module: 'leave' as const, title: 'T', actorName: 'A', ownerName: 'O' };
      for (const text of [texts.text(facts), texts.subject(facts), texts.line(facts)]) {
        expect(text, `${language} ${event}`).not.toMatch(/\{\{|\}\}/);
        expect(text.trim()).not.toBe('');
      }
    }
  });
});

describe('what a notification says', () => {
  const en = notificationTexts('en');

  it('names who did it, for whom, and the kind of item', () => {
    expect(
      en.text({
        event: 'decided',
        module: 'remote-work',
        title: 'x',
        action: 'reject',
        actorName: 'Priya Sen',
        onBehalfOfName: 'Farhana Akter',
      }),
    ).toBe('Priya Sen rejected your remote-work request. On behalf of Farhana Akter.');
    expect(en.text({ event: 'waiting', module: 'kpi', title: 'x', ownerName: 'Tanvir Ahmed' })).toBe(
      "Tanvir Ahmed's KPI sheet waits for your decision.",
    );
    expect(en.text({ event: 'decided', module: 'leave', title: 'x', action: 'submit', actorName: 'X' })).toBe(
      'X changed the status of your leave request.',
    );
    expect(en.text({ event: 'reminder', module: 'epr', title: 'x' })).toBe(
      "Reminder: Someone's performance review still waits for your decision.",
    );
  });

  it('keeps names and days in their own order inside Arabic', () => {
    const ar = notificationTexts('ar');
    expect(ar.text({ event: 'comment', module: 'kpi', title: 'x', actorName: 'Priya Sen' })).toBe(
      'علّق \u2068Priya Sen\u2069 على ما قدّمته: ورقة مؤشرات الأداء.',
    );
    expect(
      itemTitle('ar', 'leave', 1, { subject: 'إجازة سنوية', fromDate: '2027-03-01', toDate: '2027-03-03' }),
    ).toBe('إجازة سنوية · \u206801-03-2027 – 03-03-2027\u2069');
  });

  it('titles an item by its subject and days, a sheet by its name, a delegation by its days, a lost item by its number', () => {
    const item = { subject: 'Annual Leave', fromDate: '2027-03-01', toDate: '2027-03-01' };
    expect(itemTitle('en', 'leave', 1, item)).toBe('Annual Leave · 01-03-2027');
    expect(itemTitle('en', 'kpi', 1, { ...item, subject: 'Plan 2027' })).toBe('Plan 2027');
    expect(itemTitle('en', null, 4, null, { from: '2027-05-01', to: '2027-05-09' })).toBe(
      '01-05-2027 – 09-05-2027',
    );
    expect(itemTitle('fr', 'hr-service', 12, null)).toBe('demande de service RH n° 12');
  });
});

describe('notification e-mails', () => {
  it('name the event, the title and the link, and nobody', () => {
    setNotificationOrigin('https://hr.example.com/');
    const mail = notificationEmail('it', {
      employeeId: 3,
      email: 'a@example.com',
      event: 'decided',
      module: 'hr-service',
      recordId: 9,
      item: { subject: 'Certificato di stipendio', fromDate: '2027-03-01', toDate: null },
      data: { action: 'done' },
    });
    expect(mail).toMatchObject({
      recipient: 'a@example.com',
      employeeId: 3,
      topic: 'notification',
      subject: 'Completata: Certificato di stipendio · 01-03-2027',
    });
    expect(mail.body.split('\n')).toEqual([
      'Ciao,',
      '',
      'La tua richiesta di servizio HR è stata completata.',
      'Certificato di stipendio · 01-03-2027',
      '',
      'Aprila nel portale HR:',
      'https://hr.example.com/hr-services/9',
      '',
      '--',
      'Portale HR',
      'Qui scegli che cosa ti invia il portale per e-mail, e se una volta al giorno:',
      'https://hr.example.com/notifications',
    ]);
    setNotificationOrigin('http://portal.test');
  });

  it('a digest lists at most 50 items and points to the rest', () => {
    const entry = {
      employeeId: 1,
      email: 'b@example.com',
      event: 'waiting' as const,
      module: 'leave' as const,
      recordId: 1,
      item: { subject: 'Annual Leave', fromDate: '2027-03-01', toDate: null },
      data: {},
    };
    const mail = digestEmail(
      'en',
      '2027-02-10',
      Array.from({ length: 52 }, () => entry),
    );
    expect(mail.subject).toBe('HR Portal: your summary of 10-02-2027');
    expect(mail.body.match(/This leave request waits for your decision\./g)).toHaveLength(50);
    expect(mail.body).toContain('There is more in the HR Portal:');
  });
});
