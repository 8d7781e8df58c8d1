import type { ApprovalModule } from '@hr/contracts/approvals';
import { displayDay } from '@hr/contracts/dates';
import type { Language } from '@hr/contracts/limits';
import type { NotificationEvent } from '@hr/contracts/notifications';

/**
 * The texts of notifications in the six languages of the portal, as
 * lib/document-texts.ts keeps the documents': what a row says in the portal
 * (`text.*`, naming who did it) and what an e-mail says (`mail.*`, naming
 * the event, the item's title and its link, and no one). A notification
 * stores its event and item, never its text: it is drawn in the reader's
 * language when read or sent.
 *
 * Texts take `{{placeholders}}`; every language has every key and the same
 * placeholders (notification-texts.unit.test.ts).
 */

const en = {
  'kind.leave': 'leave request',
  'kind.remote-work': 'remote-work request',
  'kind.hr-service': 'HR service request',
  'kind.kpi': 'KPI sheet',
  'kind.epr': 'performance review',
  'item.missing': '{{kind}} #{{id}}',

  // A row in the portal, in the reader's language.
  'text.waiting': "{{owner}}'s {{kind}} waits for your decision.",
  'text.escalated': "{{owner}}'s {{kind}} waited too long and was passed to you for a decision.",
  'text.reminder': "Reminder: {{owner}}'s {{kind}} still waits for your decision.",
  'text.decided.approve': '{{actor}} approved your {{kind}}.',
  'text.decided.approve-line-manager': '{{actor}} approved your {{kind}}; it now goes to the O&O.',
  'text.decided.reject': '{{actor}} rejected your {{kind}}.',
  'text.decided.update-requested': '{{actor}} sent your {{kind}} back to you for changes.',
  'text.decided.cancel': '{{actor}} cancelled your {{kind}}.',
  'text.decided.done': '{{actor}} completed your {{kind}}.',
  'text.decided.other': '{{actor}} changed the status of your {{kind}}.',
  'text.delegate': '{{actor}} named you to decide for them from {{from}} to {{to}}.',
  'text.responsible': '{{actor}} named you responsible for their work while on leave.',
  'text.review_opened': 'Your {{kind}} is open: fill it in and submit it.',
  'text.comment': '{{actor}} commented on your {{kind}}.',
  'text.onBehalf': 'On behalf of {{name}}.',
  'text.someone': 'Someone',

  // An e-mail: the event, the item's title and its link, nobody's name.
  'mail.subject.waiting': 'Waiting for your decision: {{title}}',
  'mail.subject.escalated': 'Passed to you for a decision: {{title}}',
  'mail.subject.reminder': 'Reminder, waiting for your decision: {{title}}',
  'mail.subject.decided.approve': 'Approved: {{title}}',
  'mail.subject.decided.approve-line-manager': 'Approved by your line manager: {{title}}',
  'mail.subject.decided.reject': 'Rejected: {{title}}',
  'mail.subject.decided.update-requested': 'Sent back for changes: {{title}}',
  'mail.subject.decided.cancel': 'Cancelled: {{title}}',
  'mail.subject.decided.done': 'Completed: {{title}}',
  'mail.subject.decided.other': 'Status changed: {{title}}',
  'mail.subject.delegate': 'You decide for a colleague: {{title}}',
  'mail.subject.responsible': 'You cover for a colleague on leave: {{title}}',
  'mail.subject.review_opened': 'Your performance review is open: {{title}}',
  'mail.subject.comment': 'New comment on your KPI sheet: {{title}}',
  'mail.line.waiting': 'This {{kind}} waits for your decision.',
  'mail.line.escalated': 'This {{kind}} waited too long and was passed to you for a decision.',
  'mail.line.reminder': 'This {{kind}} still waits for your decision.',
  'mail.line.decided.approve': 'Your {{kind}} was approved.',
  'mail.line.decided.approve-line-manager':
    'Your {{kind}} was approved by your line manager and now goes to the O&O.',
  'mail.line.decided.reject': 'Your {{kind}} was rejected.',
  'mail.line.decided.update-requested': 'Your {{kind}} was sent back to you for changes.',
  'mail.line.decided.cancel': 'Your {{kind}} was cancelled.',
  'mail.line.decided.done': 'Your {{kind}} was completed.',
  'mail.line.decided.other': 'The status of your {{kind}} changed.',
  'mail.line.delegate': 'A colleague named you to decide for them on these days.',
  'mail.line.responsible': 'A colleague named you responsible for their work while on leave.',
  'mail.line.review_opened': 'Your performance review is open for you to fill in and submit.',
  'mail.line.comment': 'There is a new comment on your KPI sheet.',
  'mail.hello': 'Hello,',
  'mail.open': 'Open it in the HR Portal:',
  'mail.settings': 'You choose what the portal e-mails you, and whether once a day, here:',
  'mail.signature': 'HR Portal',
  'digest.subject': 'HR Portal: your summary of {{date}}',
  'digest.intro': 'Here is what happened since your last summary:',
  'digest.more': 'There is more in the HR Portal:',
} as const;

export type NotificationTextKey = keyof typeof en;
type Catalog = Record<NotificationTextKey, string>;

const zh: Catalog = {
  'kind.leave': '请假申请',
  'kind.remote-work': '远程办公申请',
  'kind.hr-service': '人事服务申请',
  'kind.kpi': 'KPI 表',
  'kind.epr': '绩效评估',
  'item.missing': '{{kind}} #{{id}}',
  'text.waiting': '{{owner}} 的{{kind}}正等待您的决定。',
  'text.escalated': '{{owner}} 的{{kind}}等待过久，已转交给您决定。',
  'text.reminder': '提醒：{{owner}} 的{{kind}}仍在等待您的决定。',
  'text.decided.approve': '{{actor}} 批准了您的{{kind}}。',
  'text.decided.approve-line-manager': '{{actor}} 批准了您的{{kind}}，现转交 O&O。',
  'text.decided.reject': '{{actor}} 拒绝了您的{{kind}}。',
  'text.decided.update-requested': '{{actor}} 将您的{{kind}}退回给您修改。',
  'text.decided.cancel': '{{actor}} 取消了您的{{kind}}。',
  'text.decided.done': '{{actor}} 已办结您的{{kind}}。',
  'text.decided.other': '{{actor}} 更改了您的{{kind}}的状态。',
  'text.delegate': '{{actor}} 指定您在 {{from}} 至 {{to}} 期间代其决定。',
  'text.responsible': '{{actor}} 指定您在其休假期间负责其工作。',
  'text.review_opened': '您的{{kind}}已开启：请填写并提交。',
  'text.comment': '{{actor}} 评论了您的{{kind}}。',
  'text.onBehalf': '代表 {{name}}。',
  'text.someone': '有人',
  'mail.subject.waiting': '等待您的决定：{{title}}',
  'mail.subject.escalated': '已转交给您决定：{{title}}',
  'mail.subject.reminder': '提醒，等待您的决定：{{title}}',
  'mail.subject.decided.approve': '已批准：{{title}}',
  'mail.subject.decided.approve-line-manager': '直属经理已批准：{{title}}',
  'mail.subject.decided.reject': '已拒绝：{{title}}',
  'mail.subject.decided.update-requested': '已退回修改：{{title}}',
  'mail.subject.decided.cancel': '已取消：{{title}}',
  'mail.subject.decided.done': '已办结：{{title}}',
  'mail.subject.decided.other': '状态已更改：{{title}}',
  'mail.subject.delegate': '您将代同事决定：{{title}}',
  'mail.subject.responsible': '您将在同事休假期间负责其工作：{{title}}',
  'mail.subject.review_opened': '您的绩效评估已开启：{{title}}',
  'mail.subject.comment': '您的 KPI 表有新评论：{{title}}',
  'mail.line.waiting': '此{{kind}}正等待您的决定。',
  'mail.line.escalated': '此{{kind}}等待过久，已转交给您决定。',
  'mail.line.reminder': '此{{kind}}仍在等待您的决定。',
  'mail.line.decided.approve': '您的{{kind}}已获批准。',
  'mail.line.decided.approve-line-manager': '您的{{kind}}已获直属经理批准，现转交 O&O。',
  'mail.line.decided.reject': '您的{{kind}}已被拒绝。',
  'mail.line.decided.update-requested': '您的{{kind}}已退回给您修改。',
  'mail.line.decided.cancel': '您的{{kind}}已被取消。',
  'mail.line.decided.done': '您的{{kind}}已办结。',
  'mail.line.decided.other': '您的{{kind}}的状态已更改。',
  'mail.line.delegate': '一位同事指定您在以下日期代其决定。',
  'mail.line.responsible': '一位同事指定您在其休假期间负责其工作。',
  'mail.line.review_opened': '您的绩效评估已开启，请填写并提交。',
  'mail.line.comment': '您的 KPI 表有一条新评论。',
  'mail.hello': '您好：',
  'mail.open': '在人力资源门户中打开：',
  'mail.settings': '您可以在此选择门户通过电子邮件通知您哪些内容，以及是否每天汇总一次：',
  'mail.signature': '人力资源门户',
  'digest.subject': '人力资源门户：{{date}} 的摘要',
  'digest.intro': '以下是自上次摘要以来的动态：',
  'digest.more': '更多内容请见人力资源门户：',
};

const ar: Catalog = {
  'kind.leave': 'طلب الإجازة',
  'kind.remote-work': 'طلب العمل عن بُعد',
  'kind.hr-service': 'طلب خدمة الموارد البشرية',
  'kind.kpi': 'ورقة مؤشرات الأداء',
  'kind.epr': 'تقييم الأداء',
  'item.missing': '{{kind}} رقم {{id}}',
  'text.waiting': '{{kind}} من {{owner}} بانتظار قرارك.',
  'text.escalated': 'طال انتظار {{kind}} من {{owner}}، فأصبح القرار لك.',
  'text.reminder': 'تذكير: لا يزال قرارك منتظرًا بشأن {{kind}} من {{owner}}.',
  'text.decided.approve': 'وافق {{actor}} على ما قدّمته: {{kind}}.',
  'text.decided.approve-line-manager':
    'وافق {{actor}} على ما قدّمته: {{kind}}، والقرار الآن للمدير الأعلى (O&O).',
  'text.decided.reject': 'رفض {{actor}} ما قدّمته: {{kind}}.',
  'text.decided.update-requested': 'أعاد إليك {{actor}} ما قدّمته لتعديله: {{kind}}.',
  'text.decided.cancel': 'ألغى {{actor}} ما قدّمته: {{kind}}.',
  'text.decided.done': 'أنجز {{actor}} ما قدّمته: {{kind}}.',
  'text.decided.other': 'غيّر {{actor}} حالة ما قدّمته: {{kind}}.',
  'text.delegate': 'سمّاك {{actor}} لتقرر نيابةً عنه من {{from}} إلى {{to}}.',
  'text.responsible': 'سمّاك {{actor}} مسؤولًا عن عمله أثناء إجازته.',
  'text.review_opened': '{{kind}} الخاص بك مفتوح: املأه وأرسله.',
  'text.comment': 'علّق {{actor}} على ما قدّمته: {{kind}}.',
  'text.onBehalf': 'نيابةً عن {{name}}.',
  'text.someone': 'أحدهم',
  'mail.subject.waiting': 'بانتظار قرارك: {{title}}',
  'mail.subject.escalated': 'أُحيل إليك لتقرر فيه: {{title}}',
  'mail.subject.reminder': 'تذكير، بانتظار قرارك: {{title}}',
  'mail.subject.decided.approve': 'تمت الموافقة: {{title}}',
  'mail.subject.decided.approve-line-manager': 'وافق مديرك المباشر: {{title}}',
  'mail.subject.decided.reject': 'مرفوض: {{title}}',
  'mail.subject.decided.update-requested': 'أُعيد للتعديل: {{title}}',
  'mail.subject.decided.cancel': 'أُلغي: {{title}}',
  'mail.subject.decided.done': 'أُنجز: {{title}}',
  'mail.subject.decided.other': 'تغيّرت الحالة: {{title}}',
  'mail.subject.delegate': 'ستقرر نيابةً عن زميل: {{title}}',
  'mail.subject.responsible': 'ستتولى عمل زميل في إجازة: {{title}}',
  'mail.subject.review_opened': 'تقييم أدائك مفتوح: {{title}}',
  'mail.subject.comment': 'تعليق جديد على ورقة مؤشرات أدائك: {{title}}',
  'mail.line.waiting': '{{kind}} بانتظار قرارك.',
  'mail.line.escalated': 'طال انتظار القرار بشأن {{kind}}، فأصبح القرار لك.',
  'mail.line.reminder': 'لا يزال قرارك منتظرًا بشأن {{kind}}.',
  'mail.line.decided.approve': 'تمت الموافقة على ما قدّمته: {{kind}}.',
  'mail.line.decided.approve-line-manager':
    'وافق مديرك المباشر على ما قدّمته: {{kind}}، والقرار الآن للمدير الأعلى (O&O).',
  'mail.line.decided.reject': 'رُفض ما قدّمته: {{kind}}.',
  'mail.line.decided.update-requested': 'أُعيد إليك ما قدّمته لتعديله: {{kind}}.',
  'mail.line.decided.cancel': 'أُلغي ما قدّمته: {{kind}}.',
  'mail.line.decided.done': 'أُنجز ما قدّمته: {{kind}}.',
  'mail.line.decided.other': 'تغيّرت حالة ما قدّمته: {{kind}}.',
  'mail.line.delegate': 'سمّاك أحد الزملاء لتقرر نيابةً عنه في هذه الأيام.',
  'mail.line.responsible': 'سمّاك أحد الزملاء مسؤولًا عن عمله أثناء إجازته.',
  'mail.line.review_opened': 'تقييم أدائك مفتوح لتملأه وترسله.',
  'mail.line.comment': 'هناك تعليق جديد على ورقة مؤشرات أدائك.',
  'mail.hello': 'مرحبًا،',
  'mail.open': 'افتحه في بوابة الموارد البشرية:',
  'mail.settings': 'تختار هنا ما ترسله إليك البوابة بالبريد الإلكتروني، وهل يكون مرة واحدة في اليوم:',
  'mail.signature': 'بوابة الموارد البشرية',
  'digest.subject': 'بوابة الموارد البشرية: ملخصك ليوم {{date}}',
  'digest.intro': 'إليك ما جرى منذ ملخصك الأخير:',
  'digest.more': 'المزيد في بوابة الموارد البشرية:',
};

const it: Catalog = {
  'kind.leave': 'richiesta di ferie',
  'kind.remote-work': 'richiesta di lavoro da remoto',
  'kind.hr-service': 'richiesta di servizio HR',
  'kind.kpi': 'scheda KPI',
  'kind.epr': 'valutazione delle prestazioni',
  'item.missing': '{{kind}} n. {{id}}',
  'text.waiting': 'La {{kind}} di {{owner}} attende la tua decisione.',
  'text.escalated': 'La {{kind}} di {{owner}} ha atteso troppo ed è passata a te per una decisione.',
  'text.reminder': 'Promemoria: la {{kind}} di {{owner}} attende ancora la tua decisione.',
  'text.decided.approve': '{{actor}} ha approvato la tua {{kind}}.',
  'text.decided.approve-line-manager': "{{actor}} ha approvato la tua {{kind}}; ora passa all'O&O.",
  'text.decided.reject': '{{actor}} ha respinto la tua {{kind}}.',
  'text.decided.update-requested': '{{actor}} ti ha rimandato la tua {{kind}} da modificare.',
  'text.decided.cancel': '{{actor}} ha annullato la tua {{kind}}.',
  'text.decided.done': '{{actor}} ha completato la tua {{kind}}.',
  'text.decided.other': '{{actor}} ha cambiato lo stato della tua {{kind}}.',
  'text.delegate': '{{actor}} ti ha incaricato di decidere al suo posto dal {{from}} al {{to}}.',
  'text.responsible': '{{actor}} ti ha nominato responsabile del suo lavoro mentre è in ferie.',
  'text.review_opened': 'La tua {{kind}} è aperta: compilala e inviala.',
  'text.comment': '{{actor}} ha commentato la tua {{kind}}.',
  'text.onBehalf': 'Per conto di {{name}}.',
  'text.someone': 'Qualcuno',
  'mail.subject.waiting': 'In attesa della tua decisione: {{title}}',
  'mail.subject.escalated': 'Passata a te per una decisione: {{title}}',
  'mail.subject.reminder': 'Promemoria, in attesa della tua decisione: {{title}}',
  'mail.subject.decided.approve': 'Approvata: {{title}}',
  'mail.subject.decided.approve-line-manager': 'Approvata dal tuo responsabile diretto: {{title}}',
  'mail.subject.decided.reject': 'Respinta: {{title}}',
  'mail.subject.decided.update-requested': 'Rimandata per modifiche: {{title}}',
  'mail.subject.decided.cancel': 'Annullata: {{title}}',
  'mail.subject.decided.done': 'Completata: {{title}}',
  'mail.subject.decided.other': 'Stato cambiato: {{title}}',
  'mail.subject.delegate': 'Decidi al posto di un collega: {{title}}',
  'mail.subject.responsible': 'Sostituisci un collega in ferie: {{title}}',
  'mail.subject.review_opened': 'La tua valutazione delle prestazioni è aperta: {{title}}',
  'mail.subject.comment': 'Nuovo commento sulla tua scheda KPI: {{title}}',
  'mail.line.waiting': 'Questa {{kind}} attende la tua decisione.',
  'mail.line.escalated': 'Questa {{kind}} ha atteso troppo ed è passata a te per una decisione.',
  'mail.line.reminder': 'Questa {{kind}} attende ancora la tua decisione.',
  'mail.line.decided.approve': 'La tua {{kind}} è stata approvata.',
  'mail.line.decided.approve-line-manager':
    "La tua {{kind}} è stata approvata dal tuo responsabile diretto e ora passa all'O&O.",
  'mail.line.decided.reject': 'La tua {{kind}} è stata respinta.',
  'mail.line.decided.update-requested': 'La tua {{kind}} ti è stata rimandata da modificare.',
  'mail.line.decided.cancel': 'La tua {{kind}} è stata annullata.',
  'mail.line.decided.done': 'La tua {{kind}} è stata completata.',
  'mail.line.decided.other': 'Lo stato della tua {{kind}} è cambiato.',
  'mail.line.delegate': 'Un collega ti ha incaricato di decidere al suo posto in questi giorni.',
  'mail.line.responsible': 'Un collega ti ha nominato responsabile del suo lavoro mentre è in ferie.',
  'mail.line.review_opened': 'La tua valutazione delle prestazioni è aperta: compilala e inviala.',
  'mail.line.comment': "C'è un nuovo commento sulla tua scheda KPI.",
  'mail.hello': 'Ciao,',
  'mail.open': 'Aprila nel portale HR:',
  'mail.settings': 'Qui scegli che cosa ti invia il portale per e-mail, e se una volta al giorno:',
  'mail.signature': 'Portale HR',
  'digest.subject': 'Portale HR: il tuo riepilogo del {{date}}',
  'digest.intro': "Ecco che cosa è successo dall'ultimo riepilogo:",
  'digest.more': 'Altro nel portale HR:',
};

const es: Catalog = {
  'kind.leave': 'solicitud de permiso',
  'kind.remote-work': 'solicitud de teletrabajo',
  'kind.hr-service': 'solicitud de servicio de RR. HH.',
  'kind.kpi': 'hoja de KPI',
  'kind.epr': 'evaluación del desempeño',
  'item.missing': '{{kind}} n.º {{id}}',
  'text.waiting': 'La {{kind}} de {{owner}} espera tu decisión.',
  'text.escalated': 'La {{kind}} de {{owner}} esperó demasiado y pasó a ti para que decidas.',
  'text.reminder': 'Recordatorio: la {{kind}} de {{owner}} aún espera tu decisión.',
  'text.decided.approve': '{{actor}} aprobó tu {{kind}}.',
  'text.decided.approve-line-manager': '{{actor}} aprobó tu {{kind}}; ahora pasa al O&O.',
  'text.decided.reject': '{{actor}} rechazó tu {{kind}}.',
  'text.decided.update-requested': '{{actor}} te devolvió tu {{kind}} para que la cambies.',
  'text.decided.cancel': '{{actor}} canceló tu {{kind}}.',
  'text.decided.done': '{{actor}} completó tu {{kind}}.',
  'text.decided.other': '{{actor}} cambió el estado de tu {{kind}}.',
  'text.delegate': '{{actor}} te nombró para decidir en su lugar del {{from}} al {{to}}.',
  'text.responsible': '{{actor}} te nombró responsable de su trabajo mientras está de permiso.',
  'text.review_opened': 'Tu {{kind}} está abierta: complétala y envíala.',
  'text.comment': '{{actor}} comentó tu {{kind}}.',
  'text.onBehalf': 'En nombre de {{name}}.',
  'text.someone': 'Alguien',
  'mail.subject.waiting': 'Espera tu decisión: {{title}}',
  'mail.subject.escalated': 'Pasa a ti para que decidas: {{title}}',
  'mail.subject.reminder': 'Recordatorio, espera tu decisión: {{title}}',
  'mail.subject.decided.approve': 'Aprobada: {{title}}',
  'mail.subject.decided.approve-line-manager': 'Aprobada por tu responsable directo: {{title}}',
  'mail.subject.decided.reject': 'Rechazada: {{title}}',
  'mail.subject.decided.update-requested': 'Devuelta para cambios: {{title}}',
  'mail.subject.decided.cancel': 'Cancelada: {{title}}',
  'mail.subject.decided.done': 'Completada: {{title}}',
  'mail.subject.decided.other': 'Estado cambiado: {{title}}',
  'mail.subject.delegate': 'Decides en lugar de un compañero: {{title}}',
  'mail.subject.responsible': 'Cubres a un compañero de permiso: {{title}}',
  'mail.subject.review_opened': 'Tu evaluación del desempeño está abierta: {{title}}',
  'mail.subject.comment': 'Nuevo comentario en tu hoja de KPI: {{title}}',
  'mail.line.waiting': 'Esta {{kind}} espera tu decisión.',
  'mail.line.escalated': 'Esta {{kind}} esperó demasiado y pasó a ti para que decidas.',
  'mail.line.reminder': 'Esta {{kind}} aún espera tu decisión.',
  'mail.line.decided.approve': 'Tu {{kind}} fue aprobada.',
  'mail.line.decided.approve-line-manager':
    'Tu {{kind}} fue aprobada por tu responsable directo y ahora pasa al O&O.',
  'mail.line.decided.reject': 'Tu {{kind}} fue rechazada.',
  'mail.line.decided.update-requested': 'Tu {{kind}} te fue devuelta para que la cambies.',
  'mail.line.decided.cancel': 'Tu {{kind}} fue cancelada.',
  'mail.line.decided.done': 'Tu {{kind}} fue completada.',
  'mail.line.decided.other': 'El estado de tu {{kind}} cambió.',
  'mail.line.delegate': 'Un compañero te nombró para decidir en su lugar estos días.',
  'mail.line.responsible': 'Un compañero te nombró responsable de su trabajo mientras está de permiso.',
  'mail.line.review_opened': 'Tu evaluación del desempeño está abierta para que la completes y la envíes.',
  'mail.line.comment': 'Hay un nuevo comentario en tu hoja de KPI.',
  'mail.hello': 'Hola:',
  'mail.open': 'Ábrela en el portal de RR. HH.:',
  'mail.settings': 'Aquí eliges qué te envía el portal por correo y si una vez al día:',
  'mail.signature': 'Portal de RR. HH.',
  'digest.subject': 'Portal de RR. HH.: tu resumen del {{date}}',
  'digest.intro': 'Esto es lo que ha pasado desde tu último resumen:',
  'digest.more': 'Hay más en el portal de RR. HH.:',
};

const fr: Catalog = {
  'kind.leave': 'demande de congé',
  'kind.remote-work': 'demande de télétravail',
  'kind.hr-service': 'demande de service RH',
  'kind.kpi': 'fiche KPI',
  'kind.epr': 'évaluation des performances',
  'item.missing': '{{kind}} n° {{id}}',
  'text.waiting': 'La {{kind}} de {{owner}} attend votre décision.',
  'text.escalated': 'La {{kind}} de {{owner}} a trop attendu et vous est transmise pour décision.',
  'text.reminder': 'Rappel : la {{kind}} de {{owner}} attend toujours votre décision.',
  'text.decided.approve': '{{actor}} a approuvé votre {{kind}}.',
  'text.decided.approve-line-manager': "{{actor}} a approuvé votre {{kind}} ; elle passe maintenant à l'O&O.",
  'text.decided.reject': '{{actor}} a refusé votre {{kind}}.',
  'text.decided.update-requested': '{{actor}} vous a renvoyé votre {{kind}} pour modification.',
  'text.decided.cancel': '{{actor}} a annulé votre {{kind}}.',
  'text.decided.done': '{{actor}} a traité votre {{kind}}.',
  'text.decided.other': '{{actor}} a changé le statut de votre {{kind}}.',
  'text.delegate': '{{actor}} vous a désigné pour décider à sa place du {{from}} au {{to}}.',
  'text.responsible': '{{actor}} vous a désigné responsable de son travail pendant son congé.',
  'text.review_opened': 'Votre {{kind}} est ouverte : remplissez-la et envoyez-la.',
  'text.comment': '{{actor}} a commenté votre {{kind}}.',
  'text.onBehalf': 'Au nom de {{name}}.',
  'text.someone': "Quelqu'un",
  'mail.subject.waiting': 'En attente de votre décision : {{title}}',
  'mail.subject.escalated': 'Transmise pour décision : {{title}}',
  'mail.subject.reminder': 'Rappel, en attente de votre décision : {{title}}',
  'mail.subject.decided.approve': 'Approuvée : {{title}}',
  'mail.subject.decided.approve-line-manager': 'Approuvée par votre responsable direct : {{title}}',
  'mail.subject.decided.reject': 'Refusée : {{title}}',
  'mail.subject.decided.update-requested': 'Renvoyée pour modification : {{title}}',
  'mail.subject.decided.cancel': 'Annulée : {{title}}',
  'mail.subject.decided.done': 'Traitée : {{title}}',
  'mail.subject.decided.other': 'Statut changé : {{title}}',
  'mail.subject.delegate': "Vous décidez à la place d'un collègue : {{title}}",
  'mail.subject.responsible': 'Vous remplacez un collègue en congé : {{title}}',
  'mail.subject.review_opened': 'Votre évaluation des performances est ouverte : {{title}}',
  'mail.subject.comment': 'Nouveau commentaire sur votre fiche KPI : {{title}}',
  'mail.line.waiting': 'Cette {{kind}} attend votre décision.',
  'mail.line.escalated': 'Cette {{kind}} a trop attendu et vous est transmise pour décision.',
  'mail.line.reminder': 'Cette {{kind}} attend toujours votre décision.',
  'mail.line.decided.approve': 'Votre {{kind}} a été approuvée.',
  'mail.line.decided.approve-line-manager':
    "Votre {{kind}} a été approuvée par votre responsable direct et passe maintenant à l'O&O.",
  'mail.line.decided.reject': 'Votre {{kind}} a été refusée.',
  'mail.line.decided.update-requested': 'Votre {{kind}} vous a été renvoyée pour modification.',
  'mail.line.decided.cancel': 'Votre {{kind}} a été annulée.',
  'mail.line.decided.done': 'Votre {{kind}} a été traitée.',
  'mail.line.decided.other': 'Le statut de votre {{kind}} a changé.',
  'mail.line.delegate': 'Un collègue vous a désigné pour décider à sa place ces jours-là.',
  'mail.line.responsible': 'Un collègue vous a désigné responsable de son travail pendant son congé.',
  'mail.line.review_opened': 'Votre évaluation des performances est ouverte : remplissez-la et envoyez-la.',
  'mail.line.comment': 'Il y a un nouveau commentaire sur votre fiche KPI.',
  'mail.hello': 'Bonjour,',
  'mail.open': 'Ouvrez-la dans le portail RH :',
  'mail.settings': 'Choisissez ici ce que le portail vous envoie par e-mail, et si une fois par jour :',
  'mail.signature': 'Portail RH',
  'digest.subject': 'Portail RH : votre résumé du {{date}}',
  'digest.intro': 'Voici ce qui s’est passé depuis votre dernier résumé :',
  'digest.more': 'La suite dans le portail RH :',
};

export const NOTIFICATION_TEXTS: Record<Language, Catalog> = { en, zh, ar, it, es, fr };

/** The `{{placeholders}}` of a text, sorted. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();
}

/** The decisions a `decided` notification names by their own words; any other reads as a change of status. */
const DECISIONS = [
  'approve',
  'approve-line-manager',
  'reject',
  'update-requested',
  'cancel',
  'done',
] as const;
const decisionOf = (action: unknown) =>
  (DECISIONS as readonly unknown[]).includes(action) ? (action as (typeof DECISIONS)[number]) : 'other';

/** What a notification's texts are made of: its event, what it is about and who did it. */
export interface NotificationFacts {
  event: NotificationEvent;
  module: ApprovalModule | null;
  /** The item's title in the reader's language. */
  title: string;
  /** The workflow action of a `decided` (approve, reject, ...). */
  action?: unknown;
  actorName?: string | null;
  onBehalfOfName?: string | null;
  /** The item's owner (a `waiting` names whose request it is). */
  ownerName?: string | null;
  /** A delegation's days, as the portal writes dates. */
  from?: string | null;
  to?: string | null;
}

export interface NotificationTexts {
  language: Language;
  /** The name of an item's kind, mid-sentence ("leave request"). */
  kind(module: ApprovalModule | null): string;
  /** An item whose record is gone ("leave request #12"). */
  missing(module: ApprovalModule | null, id: number | null): string;
  /** A row's sentence in the portal, naming who did it (and for whom). */
  text(facts: NotificationFacts): string;
  /** An e-mail's subject: the event and the item's title. */
  subject(facts: NotificationFacts): string;
  /** An e-mail's line for the event, naming no one. */
  line(facts: NotificationFacts): string;
  t(key: NotificationTextKey, params?: Record<string, string | number>): string;
}

/**
 * The texts of one language. In a right-to-left language each value is set
 * apart (a first-strong isolate), so a date, a number or a Latin name keeps
 * its own order inside an Arabic sentence.
 */
export function notificationTexts(language: Language): NotificationTexts {
  const catalog = NOTIFICATION_TEXTS[language];
  const rtl = language === 'ar';
  const value = (v: string | number) => (rtl ? `\u2068${v}\u2069` : String(v));
  const t = (key: NotificationTextKey, params: Record<string, string | number> = {}) =>
    catalog[key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
      name in params ? value(params[name]!) : whole,
    );
  // A kind is a word of the sentence's own language: never set apart.
  const kind = (module: ApprovalModule | null) => (module ? catalog[`kind.${module}`] : '');
  const withKind = (
    key: NotificationTextKey,
    params: Record<string, string | number>,
    module: ApprovalModule | null,
  ) => t(key, params).replace('{{kind}}', kind(module));
  const suffix = (f: NotificationFacts) =>
    f.event === 'decided' ? `decided.${decisionOf(f.action)}` : f.event;
  return {
    language,
    kind,
    missing: (module, id) => withKind('item.missing', { id: id ?? '' }, module),
    text(f) {
      const actor = f.actorName ?? catalog['text.someone'];
      const params: Record<string, string | number> = {
        actor,
        owner: f.ownerName ?? catalog['text.someone'],
        from: f.from ?? '',
        to: f.to ?? '',
      };
      const sentence = withKind(`text.${suffix(f)}` as NotificationTextKey, params, f.module);
      return f.onBehalfOfName ? `${sentence} ${t('text.onBehalf', { name: f.onBehalfOfName })}` : sentence;
    },
    subject: (f) => t(`mail.subject.${suffix(f)}` as NotificationTextKey, { title: f.title }),
    line: (f) => withKind(`mail.line.${suffix(f)}` as NotificationTextKey, {}, f.module),
    t,
  };
}

/** What a title is made of: the item's subject in the reader's language and its days. */
export interface ItemFacts {
  subject: string | null;
  fromDate: string | null;
  toDate: string | null;
}

/**
 * An item's title in a language, as the approvals inbox writes it: the
 * type or category and its days (leave, remote work, HR requests), or the
 * sheet's or review's name; a delegation's days; the kind and number of an
 * item that is gone. In Arabic the days keep their own left-to-right order
 * (a first-strong isolate).
 */
export function itemTitle(
  language: Language,
  module: ApprovalModule | null,
  recordId: number | null,
  item: ItemFacts | null | undefined,
  data: Record<string, unknown> = {},
): string {
  const isolate = (text: string) => (language === 'ar' ? `\u2068${text}\u2069` : text);
  const range = (from: string, to: string | null) =>
    to && to !== from ? `${displayDay(from)} – ${displayDay(to)}` : displayDay(from);
  if (module === null) {
    const from = typeof data.from === 'string' ? data.from : null;
    const to = typeof data.to === 'string' ? data.to : null;
    return from ? isolate(range(from, to)) : '';
  }
  if (!item?.subject) return notificationTexts(language).missing(module, recordId);
  if (module === 'kpi' || module === 'epr' || !item.fromDate) return item.subject;
  return `${item.subject} · ${isolate(range(item.fromDate, item.toDate))}`;
}
