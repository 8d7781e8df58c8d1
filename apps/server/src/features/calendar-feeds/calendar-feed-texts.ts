import type { Language } from '@hr/contracts/limits';

/**
 * The words of a calendar feed in the six languages of the portal: a feed
 * is read by a calendar program, without a session, so it is written in its
 * owner's chosen language. Texts take `{{placeholders}}`.
 */
const en = {
  own: 'Leave and remote work: {{name}}',
  team: 'Team leave and remote work: {{name}}',
  onLeave: 'On leave',
  remoteWork: 'Remote work',
  remoteWorkOf: 'Remote work: {{type}}',
  personOf: '{{name}}: {{what}}',
  pending: '{{summary}} (pending)',
};
type Key = keyof typeof en;

const TEXTS: Record<Language, Record<Key, string>> = {
  en,
  zh: {
    own: '休假与远程办公：{{name}}',
    team: '团队休假与远程办公：{{name}}',
    onLeave: '休假中',
    remoteWork: '远程办公',
    remoteWorkOf: '远程办公：{{type}}',
    personOf: '{{name}}：{{what}}',
    pending: '{{summary}}（待批准）',
  },
  ar: {
    own: 'الإجازات والعمل عن بُعد: {{name}}',
    team: 'إجازات الفريق والعمل عن بُعد: {{name}}',
    onLeave: 'في إجازة',
    remoteWork: 'عمل عن بُعد',
    remoteWorkOf: 'عمل عن بُعد: {{type}}',
    personOf: '{{name}}: {{what}}',
    pending: '{{summary}} (بانتظار الموافقة)',
  },
  it: {
    own: 'Assenze e lavoro da remoto: {{name}}',
    team: 'Assenze e lavoro da remoto del team: {{name}}',
    onLeave: 'In ferie/permesso',
    remoteWork: 'Lavoro da remoto',
    remoteWorkOf: 'Lavoro da remoto: {{type}}',
    personOf: '{{name}}: {{what}}',
    pending: '{{summary}} (in attesa)',
  },
  es: {
    own: 'Ausencias y teletrabajo: {{name}}',
    team: 'Ausencias y teletrabajo del equipo: {{name}}',
    onLeave: 'De permiso',
    remoteWork: 'Teletrabajo',
    remoteWorkOf: 'Teletrabajo: {{type}}',
    personOf: '{{name}}: {{what}}',
    pending: '{{summary}} (pendiente)',
  },
  fr: {
    own: 'Congés et télétravail : {{name}}',
    team: 'Congés et télétravail de l’équipe : {{name}}',
    onLeave: 'En congé',
    remoteWork: 'Télétravail',
    remoteWorkOf: 'Télétravail : {{type}}',
    personOf: '{{name}} : {{what}}',
    pending: '{{summary}} (en attente)',
  },
};

/** A feed's text in a language, its placeholders filled. */
export function feedText(language: Language, key: Key, params: Record<string, string> = {}): string {
  return TEXTS[language][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
}
