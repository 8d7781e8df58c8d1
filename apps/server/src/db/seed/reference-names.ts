import type { NameTranslations } from '@hr/contracts/translations';

/**
 * The seeded reference names in the portal's other languages, by their
 * English name: what HR would type on the admin screens, so that a new
 * portal reads its own lists in every language from the start.
 */
const NAMES: Record<string, NameTranslations> = {
  // Leave types
  'Annual Leave': {
    zh: '年假',
    ar: 'إجازة سنوية',
    it: 'Ferie annuali',
    es: 'Vacaciones anuales',
    fr: 'Congé annuel',
  },
  'Casual Leave': {
    zh: '事假',
    ar: 'إجازة عارضة',
    it: 'Permesso',
    es: 'Permiso personal',
    fr: 'Congé occasionnel',
  },
  'Sick Leave': {
    zh: '病假',
    ar: 'إجازة مرضية',
    it: 'Malattia',
    es: 'Baja por enfermedad',
    fr: 'Congé maladie',
  },
  'Maternity Leave': {
    zh: '产假',
    ar: 'إجازة أمومة',
    it: 'Congedo di maternità',
    es: 'Permiso de maternidad',
    fr: 'Congé de maternité',
  },
  'Leave Without Pay': {
    zh: '无薪假',
    ar: 'إجازة بدون راتب',
    it: 'Aspettativa non retribuita',
    es: 'Permiso sin sueldo',
    fr: 'Congé sans solde',
  },
  'Compensatory Leave': {
    zh: '调休假',
    ar: 'إجازة تعويضية',
    it: 'Riposo compensativo',
    es: 'Día compensatorio',
    fr: 'Repos compensateur',
  },
  'Special Leave': {
    zh: '特别假',
    ar: 'إجازة خاصة',
    it: 'Congedo speciale',
    es: 'Permiso especial',
    fr: 'Congé spécial',
  },
  'Paternity Leave': {
    zh: '陪产假',
    ar: 'إجازة أبوة',
    it: 'Congedo di paternità',
    es: 'Permiso de paternidad',
    fr: 'Congé de paternité',
  },
  'Short Leave': {
    zh: '短假',
    ar: 'إجازة قصيرة',
    it: 'Permesso breve',
    es: 'Permiso corto',
    fr: 'Absence courte',
  },
  // Remote-work types
  'Hourly (within a day)': {
    zh: '按小时（一天内）',
    ar: 'بالساعات (خلال يوم)',
    it: 'A ore (in giornata)',
    es: 'Por horas (en un día)',
    fr: 'À l’heure (dans la journée)',
  },
  'Work from home': {
    zh: '居家办公',
    ar: 'العمل من المنزل',
    it: 'Lavoro da casa',
    es: 'Trabajo desde casa',
    fr: 'Télétravail',
  },
  'Field work': {
    zh: '外勤',
    ar: 'عمل ميداني',
    it: 'Lavoro sul campo',
    es: 'Trabajo de campo',
    fr: 'Travail sur le terrain',
  },
  'Business travel': {
    zh: '出差',
    ar: 'سفر عمل',
    it: 'Trasferta di lavoro',
    es: 'Viaje de negocios',
    fr: 'Déplacement professionnel',
  },
  // HR services
  'No objection certificate (NOC)': {
    zh: '无异议证明 (NOC)',
    ar: 'شهادة عدم ممانعة (NOC)',
    it: 'Nulla osta (NOC)',
    es: 'Certificado de no objeción (NOC)',
    fr: 'Certificat de non-objection (NOC)',
  },
  'Salary certificate': {
    zh: '薪资证明',
    ar: 'شهادة راتب',
    it: 'Certificato di stipendio',
    es: 'Certificado de salario',
    fr: 'Attestation de salaire',
  },
  'Employment certificate': {
    zh: '在职证明',
    ar: 'شهادة عمل',
    it: 'Certificato di impiego',
    es: 'Certificado de empleo',
    fr: 'Attestation d’emploi',
  },
  'Experience letter': {
    zh: '工作经历证明',
    ar: 'شهادة خبرة',
    it: 'Lettera di esperienza',
    es: 'Carta de experiencia',
    fr: 'Certificat de travail',
  },
  'Visa support letter': {
    zh: '签证支持信',
    ar: 'خطاب دعم التأشيرة',
    it: 'Lettera per il visto',
    es: 'Carta de apoyo para visado',
    fr: 'Lettre de soutien pour visa',
  },
  'ID card replacement': {
    zh: '补办工卡',
    ar: 'استبدال بطاقة الهوية',
    it: 'Sostituzione del badge',
    es: 'Reposición de la credencial',
    fr: 'Remplacement du badge',
  },
  // NOC types
  'Travel abroad': {
    zh: '出国旅行',
    ar: 'السفر إلى الخارج',
    it: 'Viaggio all’estero',
    es: 'Viaje al extranjero',
    fr: 'Voyage à l’étranger',
  },
  'Higher study': {
    zh: '深造',
    ar: 'الدراسات العليا',
    it: 'Studi superiori',
    es: 'Estudios superiores',
    fr: 'Études supérieures',
  },
  'Visa application': {
    zh: '签证申请',
    ar: 'طلب تأشيرة',
    it: 'Domanda di visto',
    es: 'Solicitud de visado',
    fr: 'Demande de visa',
  },
  'Bank loan': {
    zh: '银行贷款',
    ar: 'قرض بنكي',
    it: 'Prestito bancario',
    es: 'Préstamo bancario',
    fr: 'Prêt bancaire',
  },
  // KPI perspectives
  Financial: { zh: '财务', ar: 'المالي', it: 'Finanziaria', es: 'Financiera', fr: 'Financière' },
  Customer: { zh: '客户', ar: 'العملاء', it: 'Clienti', es: 'Clientes', fr: 'Clients' },
  'Internal Process': {
    zh: '内部流程',
    ar: 'العمليات الداخلية',
    it: 'Processi interni',
    es: 'Procesos internos',
    fr: 'Processus internes',
  },
  'Learning & Growth': {
    zh: '学习与成长',
    ar: 'التعلم والنمو',
    it: 'Apprendimento e crescita',
    es: 'Aprendizaje y crecimiento',
    fr: 'Apprentissage et croissance',
  },
  // EPR values
  Integrity: { zh: '正直', ar: 'النزاهة', it: 'Integrità', es: 'Integridad', fr: 'Intégrité' },
  'Customer focus': {
    zh: '以客户为中心',
    ar: 'التركيز على العميل',
    it: 'Attenzione al cliente',
    es: 'Orientación al cliente',
    fr: 'Orientation client',
  },
  Teamwork: {
    zh: '团队合作',
    ar: 'العمل الجماعي',
    it: 'Lavoro di squadra',
    es: 'Trabajo en equipo',
    fr: 'Travail d’équipe',
  },
  Ownership: {
    zh: '主人翁精神',
    ar: 'تحمّل المسؤولية',
    it: 'Responsabilità',
    es: 'Compromiso',
    fr: 'Responsabilisation',
  },
};

/** Seed rows with their names' translations. */
export function withNames<T extends { name: string }>(
  rows: readonly T[],
): (T & { nameTranslations: NameTranslations })[] {
  return rows.map((row) => ({ ...row, nameTranslations: NAMES[row.name] ?? {} }));
}
