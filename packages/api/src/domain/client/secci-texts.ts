import type { CUSTOMER_LANGUAGES } from '@plazo/contract'

export type SecciLanguage = (typeof CUSTOMER_LANGUAGES)[number]
/** The law the credit is offered under: the purchase country's. */
export type SecciCountry = 'ESP' | 'FRA'
/** How a payment method's credit is described ("the type of credit"). */
export type CreditKind = 'deferred' | 'loan' | 'auto' | 'line'

/** The figures and names a text is filled in with, already formatted for the language. */
export interface Fill {
  [name: string]: string
}

/**
 * The texts of the SECCI in one language: the headings and row labels of Directive 2008/48/EC, Annex II, as
 * Spain (Ley 16/2011, Anexo II) and France (Code de la consommation, annexe à l'article R312-2) word them, and
 * the sentences the offer's figures go into (`{name}` placeholders). The Spanish speaks to the customer as the
 * hosted page does (tú).
 */
export interface SecciTexts {
  locale: string
  title: string
  headings: Record<'creditor' | 'product' | 'costs' | 'legal' | 'distance', string>
  labels: Record<SecciRow, string>
  creditKinds: Record<CreditKind, string>
  intermediary: string
  drawdown: string
  months: (n: number) => string
  withGrace: (n: number) => string
  instalments: (count: number) => string
  firstOf: string
  lastOf: string
  firstDue: (month: number) => string
  allocation: string
  totalPayable: string
  goods: string
  moreLines: (n: number) => string
  none: string
  borrowingRate: string
  apr: string
  noInsurance: string
  insurance: (financed: boolean) => string
  relatedCosts: (setupFee: boolean) => string
  latePayment: string
  withdrawal: string
  earlyRepayment: string
  database: string
  draft: string
  validity: string
  withdrawalExercise: string
  law: Record<SecciCountry, string>
  language: string
  complaints: Record<SecciCountry, string>
  /** Where the law of the purchase country says it: `{law}` of the rows above. */
  withdrawalLaw: Record<SecciCountry, string>
  earlyRepaymentLaw: Record<SecciCountry, string>
  /** The printable page: what to do with it, and when it was made. */
  keep: string
  generated: string
}

export type SecciRow =
  | 'creditor'
  | 'intermediary'
  | 'address'
  | 'phone'
  | 'email'
  | 'website'
  | 'type'
  | 'total_amount_of_credit'
  | 'drawdown'
  | 'duration'
  | 'instalments'
  | 'total_amount_payable'
  | 'goods'
  | 'guarantees'
  | 'borrowing_rate'
  | 'apr'
  | 'ancillary_services'
  | 'related_costs'
  | 'late_payment'
  | 'withdrawal'
  | 'early_repayment'
  | 'database'
  | 'draft_agreement'
  | 'validity'
  | 'registration'
  | 'supervisor'
  | 'withdrawal_exercise'
  | 'law'
  | 'language'
  | 'complaints'

const en: SecciTexts = {
  locale: 'en-IE',
  title: 'Standard European Consumer Credit Information',
  headings: {
    creditor: '1. Identity and contact details of the creditor',
    product: '2. Description of the main features of the credit product',
    costs: '3. Costs of the credit',
    legal: '4. Other important legal aspects',
    distance: '5. Additional information in the case of distance marketing of financial services',
  },
  labels: {
    creditor: 'Creditor',
    intermediary: 'Credit intermediary',
    address: 'Address',
    phone: 'Telephone number',
    email: 'E-mail address',
    website: 'Web address',
    type: 'The type of credit',
    total_amount_of_credit: 'The total amount of credit',
    drawdown: 'The conditions governing the drawdown',
    duration: 'The duration of the credit agreement',
    instalments: 'Instalments and the order in which they will be allocated',
    total_amount_payable: 'The total amount you will have to pay',
    goods: 'Goods or services and their cash price',
    guarantees: 'Guarantees required',
    borrowing_rate: 'The borrowing rate',
    apr: 'Annual percentage rate of charge (APR)',
    ancillary_services:
      'Is it compulsory to take out an insurance policy or another ancillary service to obtain the credit?',
    related_costs: 'Related costs',
    late_payment: 'Costs in the case of late payments',
    withdrawal: 'Right of withdrawal',
    early_repayment: 'Early repayment',
    database: 'Consultation of a database',
    draft_agreement: 'Right to a draft credit agreement',
    validity: 'The period during which the creditor is bound by the pre-contractual information',
    registration: 'Registration',
    supervisor: 'The supervisory authority',
    withdrawal_exercise: 'Exercise of the right of withdrawal',
    law: 'The law applicable to the credit agreement and the competent court',
    language: 'Language regime',
    complaints: 'Out-of-court complaint and redress',
  },
  creditKinds: {
    deferred: 'Deferred payment of the purchase price in instalments, linked to this purchase',
    loan: 'Consumer loan linked to this purchase, at a fixed rate',
    auto: 'Loan linked to the purchase of this vehicle, at a fixed rate',
    line: 'Credit line, repaid in the monthly instalments below, at a fixed rate',
  },
  intermediary: '{merchant}, the shop where you buy',
  drawdown: 'The whole amount is paid to {merchant} for your purchase when the order is confirmed.',
  months: (n) => (n === 1 ? '1 month' : `${n} months`),
  withGrace: (n) => (n === 1 ? 'including 1 month of grace' : `including ${n} months of grace`),
  instalments: (count) =>
    count === 1 ? '1 payment of {amount}' : `${count} monthly instalments of {amount}`,
  firstOf: 'the first one of {amount}',
  lastOf: 'the last one of {amount}',
  firstDue: (month) =>
    month === 1
      ? 'The first falls due 1 month after the purchase.'
      : `The first falls due ${month} months after the purchase.`,
  allocation: 'Each instalment pays the interest due first, then the capital.',
  totalPayable: '{total}: the amount of credit ({principal}) plus the total cost of the credit ({cost}).',
  goods: '{lines}. Cash price: {price}.',
  moreLines: (n) => `and ${n} more`,
  none: 'None',
  borrowingRate: '{interest} a year, fixed for the whole term.',
  apr: '{apr}. This is the total cost expressed as an annual percentage of the total amount of credit. Representative example: for {principal} over {months} at a borrowing rate of {interest}, you pay {instalments}; total amount payable {total}, total cost of the credit {cost}, APR {apr}.',
  noInsurance: 'No',
  insurance: (financed) =>
    financed
      ? 'Yes: {insurance}, financed with the credit and paid in the instalments. Its cost is included in the APR.'
      : 'Yes: {insurance}, paid with the first instalment. Its cost is included in the APR.',
  relatedCosts: (setupFee) =>
    setupFee
      ? 'A setup fee of {fee}, included in the total cost of the credit. No other fees.'
      : 'None: no setup fee and no account fees.',
  latePayment:
    'Late-payment interest of {rate} a year on the amount overdue, and no other fee. Missing payments could have severe consequences for you and make obtaining credit more difficult.',
  withdrawal:
    'Yes. You may withdraw from the credit agreement within 14 calendar days of signing it, or of receiving its terms if later, without giving any reason ({law}). If you withdraw, repay the capital and the interest accrued until you repay it ({daily} a day) within 30 days.',
  earlyRepayment:
    'You have the right to repay the credit early, in full or in part, at any time ({law}). The creditor charges no compensation for it.',
  database:
    'If your application is rejected after consulting a database, the creditor will tell you at once and free of charge, naming the database consulted.',
  draft:
    'You have the right, on request, to a copy of the draft credit agreement free of charge: write to {email}.',
  validity: 'Until {date}, when this payment link expires.',
  withdrawalExercise: 'Tell {lender} within the 14 days, by e-mail to {email} or by post to {address}.',
  law: {
    ESP: 'Spanish law; the courts of your place of residence.',
    FRA: 'French law; the courts of your place of residence.',
  },
  language:
    'This information and the credit agreement are in English; Spanish and French versions are available.',
  complaints: {
    ESP: 'Write first to the creditor’s customer service at {email}; if you are not satisfied within a month, to the complaints service of the Banco de España.',
    FRA: 'Write first to the creditor’s customer service at {email}; if you are not satisfied within two months, to the consumer mediator (médiateur de la consommation), free of charge.',
  },
  withdrawalLaw: {
    ESP: 'Spanish Ley 16/2011, art. 28',
    FRA: 'French Code de la consommation, art. L312-19',
  },
  earlyRepaymentLaw: {
    ESP: 'Spanish Ley 16/2011, art. 30',
    FRA: 'French Code de la consommation, art. L312-34',
  },
  keep: 'Keep this information: print it or save it as a PDF from your browser.',
  generated: 'Prepared on {date}.',
}

const es: SecciTexts = {
  locale: 'es-ES',
  title: 'Información normalizada europea sobre el crédito al consumo',
  headings: {
    creditor: '1. Identidad y detalles de contacto del prestamista',
    product: '2. Descripción de las características principales del producto de crédito',
    costs: '3. Costes del crédito',
    legal: '4. Otros aspectos jurídicos importantes',
    distance: '5. Información adicional en caso de comercialización a distancia de servicios financieros',
  },
  labels: {
    creditor: 'Prestamista',
    intermediary: 'Intermediario del crédito',
    address: 'Dirección',
    phone: 'Número de teléfono',
    email: 'Correo electrónico',
    website: 'Dirección de página web',
    type: 'Tipo de crédito',
    total_amount_of_credit: 'Importe total del crédito',
    drawdown: 'Condiciones que rigen la disposición de fondos',
    duration: 'Duración del contrato de crédito',
    instalments: 'Los plazos y el orden en que se realizarán los pagos',
    total_amount_payable: 'Importe total que deberás pagar',
    goods: 'Bienes o servicios y su precio al contado',
    guarantees: 'Garantías requeridas',
    borrowing_rate: 'Tipo deudor (TIN)',
    apr: 'Tasa anual equivalente (TAE)',
    ancillary_services:
      '¿Es obligatorio contratar un seguro u otro servicio accesorio para obtener el crédito?',
    related_costs: 'Costes relacionados',
    late_payment: 'Costes en caso de pagos atrasados',
    withdrawal: 'Derecho de desistimiento',
    early_repayment: 'Reembolso anticipado',
    database: 'Consulta de una base de datos',
    draft_agreement: 'Derecho a un proyecto del contrato de crédito',
    validity: 'Periodo durante el cual el prestamista está vinculado por la información precontractual',
    registration: 'Registro',
    supervisor: 'Autoridad de supervisión',
    withdrawal_exercise: 'Ejercicio del derecho de desistimiento',
    law: 'Legislación aplicable al contrato de crédito y tribunal competente',
    language: 'Régimen lingüístico',
    complaints: 'Procedimientos extrajudiciales de reclamación y recurso',
  },
  creditKinds: {
    deferred: 'Pago aplazado del precio de la compra en cuotas, vinculado a esta compra',
    loan: 'Préstamo al consumo vinculado a esta compra, a tipo fijo',
    auto: 'Préstamo vinculado a la compra de este vehículo, a tipo fijo',
    line: 'Línea de crédito, que se devuelve en las cuotas mensuales indicadas, a tipo fijo',
  },
  intermediary: '{merchant}, la tienda en la que compras',
  drawdown: 'El importe se paga íntegro a {merchant} por tu compra cuando se confirma el pedido.',
  months: (n) => (n === 1 ? '1 mes' : `${n} meses`),
  withGrace: (n) => (n === 1 ? 'incluido 1 mes de carencia' : `incluidos ${n} meses de carencia`),
  instalments: (count) => (count === 1 ? '1 pago de {amount}' : `${count} cuotas mensuales de {amount}`),
  firstOf: 'la primera de {amount}',
  lastOf: 'la última de {amount}',
  firstDue: (month) =>
    month === 1
      ? 'La primera vence 1 mes después de la compra.'
      : `La primera vence ${month} meses después de la compra.`,
  allocation: 'Cada cuota paga primero los intereses vencidos y después el capital.',
  totalPayable: '{total}: el importe del crédito ({principal}) más el coste total del crédito ({cost}).',
  goods: '{lines}. Precio al contado: {price}.',
  moreLines: (n) => `y ${n} más`,
  none: 'Ninguna',
  borrowingRate: '{interest} anual, fijo durante toda la duración del crédito.',
  apr: '{apr}. Es el coste total expresado en porcentaje anual del importe total del crédito. Ejemplo representativo: para {principal} a {months} con un tipo deudor (TIN) del {interest}, pagas {instalments}; importe total adeudado {total}, coste total del crédito {cost}, TAE {apr}.',
  noInsurance: 'No',
  insurance: (financed) =>
    financed
      ? 'Sí: {insurance}, financiado con el crédito y pagado en las cuotas. Su coste está incluido en la TAE.'
      : 'Sí: {insurance}, pagado con la primera cuota. Su coste está incluido en la TAE.',
  relatedCosts: (setupFee) =>
    setupFee
      ? 'Una comisión de apertura de {fee}, incluida en el coste total del crédito. Ninguna otra comisión.'
      : 'Ninguno: sin comisión de apertura ni de mantenimiento.',
  latePayment:
    'Interés de demora del {rate} anual sobre el importe vencido, sin otras comisiones. El impago puede tener consecuencias graves para ti y dificultar la obtención de crédito.',
  withdrawal:
    'Sí. Puedes desistir del contrato de crédito en los 14 días naturales siguientes a su firma, o a la recepción de sus condiciones si es posterior, sin indicar el motivo ({law}). Si desistes, devuelve el capital y los intereses devengados hasta que lo devuelvas ({daily} al día) en un plazo de 30 días.',
  earlyRepayment:
    'Tienes derecho a reembolsar anticipadamente el crédito, total o parcialmente, en cualquier momento ({law}). El prestamista no cobra compensación por ello.',
  database:
    'Si tu solicitud se rechaza tras consultar una base de datos, el prestamista te informará de inmediato y gratuitamente del resultado y de la base de datos consultada.',
  draft:
    'Tienes derecho a que se te facilite gratuitamente, si lo pides, una copia del proyecto de contrato de crédito: escribe a {email}.',
  validity: 'Hasta el {date}, cuando caduca este enlace de pago.',
  withdrawalExercise:
    'Comunícalo a {lender} dentro de los 14 días, por correo electrónico a {email} o por correo postal a {address}.',
  law: {
    ESP: 'La legislación española; los tribunales de tu domicilio.',
    FRA: 'La legislación francesa; los tribunales de tu domicilio.',
  },
  language:
    'Esta información y el contrato de crédito están en español; también hay versiones en francés y en inglés.',
  complaints: {
    ESP: 'Escribe primero al servicio de atención al cliente del prestamista ({email}); si en un mes la respuesta no te satisface, al servicio de reclamaciones del Banco de España.',
    FRA: 'Escribe primero al servicio de atención al cliente del prestamista ({email}); si en dos meses la respuesta no te satisface, al mediador del consumo (médiateur de la consommation), de forma gratuita.',
  },
  withdrawalLaw: {
    ESP: 'Ley 16/2011, de contratos de crédito al consumo, art. 28',
    FRA: 'Code de la consommation francés, art. L312-19',
  },
  earlyRepaymentLaw: {
    ESP: 'Ley 16/2011, de contratos de crédito al consumo, art. 30',
    FRA: 'Code de la consommation francés, art. L312-34',
  },
  keep: 'Guarda esta información: imprímela o guárdala en PDF desde tu navegador.',
  generated: 'Preparada el {date}.',
}

const fr: SecciTexts = {
  locale: 'fr-FR',
  title: 'Fiche d’information standardisée européenne',
  headings: {
    creditor: '1. Identité et coordonnées du prêteur',
    product: '2. Description des principales caractéristiques du crédit',
    costs: '3. Coût du crédit',
    legal: '4. Autres aspects juridiques importants',
    distance: '5. Informations complémentaires en cas de commercialisation à distance de services financiers',
  },
  labels: {
    creditor: 'Prêteur',
    intermediary: 'Intermédiaire de crédit',
    address: 'Adresse',
    phone: 'Numéro de téléphone',
    email: 'Adresse électronique',
    website: 'Adresse internet',
    type: 'Type de crédit',
    total_amount_of_credit: 'Montant total du crédit',
    drawdown: 'Conditions de mise à disposition des fonds',
    duration: 'Durée du contrat de crédit',
    instalments: 'Échéances et ordre dans lequel elles seront imputées',
    total_amount_payable: 'Montant total dû',
    goods: 'Bien ou service financé et son prix au comptant',
    guarantees: 'Sûretés requises',
    borrowing_rate: 'Taux débiteur',
    apr: 'Taux annuel effectif global (TAEG)',
    ancillary_services:
      'Est-il obligatoire de souscrire une assurance ou un autre contrat de service accessoire pour obtenir le crédit\u00a0?',
    related_costs: 'Frais liés',
    late_payment: 'Frais en cas de retard de paiement',
    withdrawal: 'Droit de rétractation',
    early_repayment: 'Remboursement anticipé',
    database: 'Consultation d’un fichier',
    draft_agreement: 'Droit à un projet de contrat de crédit',
    validity: 'Délai pendant lequel le prêteur est lié par les informations précontractuelles',
    registration: 'Immatriculation',
    supervisor: 'Autorité de contrôle',
    withdrawal_exercise: 'Exercice du droit de rétractation',
    law: 'Loi applicable au contrat de crédit et juridiction compétente',
    language: 'Langue',
    complaints: 'Réclamations et recours extrajudiciaires',
  },
  creditKinds: {
    deferred: 'Paiement différé du prix d’achat en plusieurs échéances, lié à cet achat',
    loan: 'Crédit affecté à cet achat, à taux fixe',
    auto: 'Crédit affecté à l’achat de ce véhicule, à taux fixe',
    line: 'Crédit renouvelable, remboursé par les échéances mensuelles ci-dessous, à taux fixe',
  },
  intermediary: '{merchant}, la boutique où vous achetez',
  drawdown:
    'Le montant est versé en totalité à {merchant} pour votre achat lorsque la commande est confirmée.',
  months: (n) => `${n} mois`,
  withGrace: (n) => `dont ${n} mois de différé`,
  instalments: (count) =>
    count === 1 ? '1 paiement de {amount}' : `${count} échéances mensuelles de {amount}`,
  firstOf: 'la première de {amount}',
  lastOf: 'la dernière de {amount}',
  firstDue: (month) => `La première est due ${month} mois après l’achat.`,
  allocation: 'Chaque échéance rembourse d’abord les intérêts dus, puis le capital.',
  totalPayable: '{total}\u00a0: le montant du crédit ({principal}) plus le coût total du crédit ({cost}).',
  goods: '{lines}. Prix au comptant\u00a0: {price}.',
  moreLines: (n) => `et ${n} autres`,
  none: 'Aucune',
  borrowingRate: '{interest} par an, fixe pendant toute la durée du crédit.',
  apr: '{apr}. Il s’agit du coût total exprimé en pourcentage annuel du montant total du crédit. Exemple représentatif\u00a0: pour {principal} sur {months} au taux débiteur fixe de {interest}, vous remboursez {instalments}\u00a0; montant total dû {total}, coût total du crédit {cost}, TAEG {apr}.',
  noInsurance: 'Non',
  insurance: (financed) =>
    financed
      ? 'Oui\u00a0: {insurance}, financée par le crédit et payée avec les échéances. Son coût est inclus dans le TAEG.'
      : 'Oui\u00a0: {insurance}, payée avec la première échéance. Son coût est inclus dans le TAEG.',
  relatedCosts: (setupFee) =>
    setupFee
      ? 'Des frais de dossier de {fee}, inclus dans le coût total du crédit. Aucun autre frais.'
      : 'Aucun\u00a0: pas de frais de dossier ni de frais de tenue de compte.',
  latePayment:
    'Intérêts de retard au taux de {rate} par an sur les sommes impayées, sans autres frais. Les impayés peuvent avoir de graves conséquences pour vous et rendre plus difficile l’obtention d’un crédit.',
  withdrawal:
    'Oui. Vous pouvez vous rétracter du contrat de crédit dans un délai de 14 jours calendaires à compter de son acceptation, ou de la réception de ses conditions si elle est postérieure, sans avoir à vous justifier ({law}). En cas de rétractation, remboursez le capital et les intérêts courus jusqu’à son remboursement ({daily} par jour) dans les 30 jours.',
  earlyRepayment:
    'Vous avez le droit de rembourser le crédit par anticipation, totalement ou partiellement, à tout moment ({law}). Le prêteur ne demande aucune indemnité.',
  database:
    'Si votre demande est refusée après consultation d’un fichier, le prêteur vous en informe immédiatement et gratuitement, en indiquant le fichier consulté.',
  draft:
    'Vous avez le droit d’obtenir gratuitement, sur demande, un exemplaire du projet de contrat de crédit\u00a0: écrivez à {email}.',
  validity: 'Jusqu’au {date}, date d’expiration de ce lien de paiement.',
  withdrawalExercise:
    'Informez {lender} dans les 14 jours, par e-mail à {email} ou par courrier à {address}.',
  law: {
    ESP: 'Le droit espagnol\u00a0; les tribunaux de votre domicile.',
    FRA: 'Le droit français\u00a0; les tribunaux de votre domicile.',
  },
  language:
    'Ces informations et le contrat de crédit sont en français\u00a0; des versions en espagnol et en anglais sont disponibles.',
  complaints: {
    ESP: 'Écrivez d’abord au service clients du prêteur ({email})\u00a0; à défaut de réponse satisfaisante sous un mois, au service des réclamations de la Banque d’Espagne (Banco de España).',
    FRA: 'Écrivez d’abord au service clients du prêteur ({email})\u00a0; à défaut de réponse satisfaisante sous deux mois, au médiateur de la consommation, gratuitement.',
  },
  withdrawalLaw: {
    ESP: 'loi espagnole 16/2011, art. 28',
    FRA: 'article L312-19 du Code de la consommation',
  },
  earlyRepaymentLaw: {
    ESP: 'loi espagnole 16/2011, art. 30',
    FRA: 'article L312-34 du Code de la consommation',
  },
  keep: 'Conservez ces informations\u00a0: imprimez-les ou enregistrez-les en PDF depuis votre navigateur.',
  generated: 'Établie le {date}.',
}

export const SECCI_TEXTS: Record<SecciLanguage, SecciTexts> = { en, es, fr }
