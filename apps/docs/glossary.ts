/**
 * The platform's terms in English, Spanish and French: one word for one idea, in every text a reader meets
 * (the guides, the API references, the checkout-js reference, the hosted page). A Spanish reader who finds
 * "pricing" in one guide, "tarifa" in the next and "precio" in the API reference asks whether they are three
 * things. `__tests__/spanish-terms.test.ts` reads the Spanish guides, the Spanish texts of the OpenAPI
 * documents (the contract's `SPANISH_TEXTS`) and the Spanish checkout-js reference, and fails on any phrase of
 * `notInSpanish` found in their prose (code spans, code blocks and URLs are not prose: `desisted` and
 * `/desist` stay as the API spells them).
 *
 * Spanish: Spain, tú. French: what the hosted page says (apps/hpp/src/i18n/fr.ts) where it names the thing.
 */
export interface Term {
  /** As the English guides and the contract write it. */
  en: string
  /** The Spanish to write. */
  es: string
  /** The French to write. */
  fr: string
  /** Why this word, where there was a choice (with the counts that decided it, before the change). */
  why?: string
  /**
   * What must not appear in Spanish prose: the English term and the Spanish variants not chosen. Each is a
   * regular expression, matched whole-word and case-insensitively.
   */
  notInSpanish: readonly string[]
}

export const GLOSSARY: readonly Term[] = [
  {
    en: 'pricing (of an agent, per payment method type)',
    es: 'tarifa',
    fr: 'barème',
    why: 'Left in English 55 times in Spanish prose (33 guides, 12 API reference, 10 checkout-js); "tarifa" is what a Spanish merchant agreement calls the conditions it prices a method with.',
    notInSpanish: ['pricings?'],
  },
  {
    en: 'payment intent',
    es: 'intención de pago',
    fr: 'intention de paiement',
    why: 'The guides said "intención de pago" 60 times; the API reference said "payment intent" or "intent" 31 times.',
    notInSpanish: ['payment intents?', '(?<!payment )intents?'],
  },
  {
    en: 'down payment',
    es: 'entrada',
    fr: 'apport',
    why: '"entrada" 168 times; "pago inicial" twice.',
    notInSpanish: ['down payments?', 'pagos? iniciales?', 'anticipos?'],
  },
  {
    en: 'abandon, abandoned (a checkout the customer gives up: status `desisted`, action `desist`)',
    es: 'abandonar, abandonado',
    fr: 'abandonner, abandonné',
    why: 'In Spanish consumer credit, "desistimiento" is the 14-day right of withdrawal of a signed credit agreement (Ley 16/2011, art. 28), not a checkout left unpaid.',
    notInSpanish: ['(?<!derecho de )desist\\p{L}*'],
  },
  {
    en: 'auto loan (`auto_loan`)',
    es: 'financiación de vehículos',
    fr: 'crédit auto',
    why: '"financiación de vehículos" 9 times; "préstamo de automóvil" and "préstamo para comprar un vehículo" once each.',
    notInSpanish: [
      'auto loans?',
      'préstamos? (?:al consumo y )?(?:de|para) (?:comprar )?(?:(?:un|una|el|tu) )?(?:automóvil|coche|vehículo)(?:e?s)?',
    ],
  },
  {
    en: 'account-to-account transfer (`a2a_payment`)',
    es: 'transferencia bancaria',
    fr: 'virement bancaire',
    why: '"transferencia de cuenta a cuenta" 4 times, "transferencia entre cuentas" once, "transferencia bancaria" 3 times, and the hosted page shows the customer "Transferencia bancaria" (in French "Virement bancaire").',
    notInSpanish: [
      'transferencias? (?:de cuenta a cuenta|entre cuentas)',
      'account-to-account',
      'bank transfers?',
    ],
  },
  {
    en: 'e-mail',
    es: 'e-mail',
    fr: 'e-mail',
    why: '"e-mail" 27 times (9 guides, 18 API reference); "correo electrónico" 13 times and "correo" 4, all in the guides. The hosted page says "e-mail" in French too.',
    notInSpanish: ['correos? electrónicos?', 'correos?(?! electrónicos?)'],
  },
  {
    en: 'test helpers (the sandbox endpoints that play the customer and the clock)',
    es: 'utilidades de prueba',
    fr: 'outils de test',
    why: '"utilidades de prueba" 16 times; "test helpers" 3 times.',
    notInSpanish: ['test helpers?', 'helpers? de prueba'],
  },
  {
    en: 'term (of a loan, in months: `period`, `term`)',
    es: 'plazo',
    fr: 'durée',
    why: 'Never capitalised where it could read as the brand: see SPANISH_TERM_PLAZO.',
    notInSpanish: ['terms? in months'],
  },
  {
    en: 'instalment',
    es: 'cuota',
    fr: 'échéance',
    notInSpanish: ['instal+ments?', 'mensualidad(?:es)?'],
  },
  {
    en: 'lender',
    es: 'entidad financiera',
    fr: 'prêteur',
    notInSpanish: ['lenders?', 'prestamistas?'],
  },
  {
    en: 'merchant',
    es: 'comercio',
    fr: 'marchand',
    notInSpanish: ['merchants?', 'comerciantes?'],
  },
  {
    en: 'hosted payment page',
    es: 'página de pago alojada (la página alojada)',
    fr: 'page de paiement hébergée',
    notInSpanish: ['hosted (?:payment )?pages?'],
  },
  {
    en: 'embedded checkout',
    es: 'checkout integrado',
    fr: 'paiement intégré',
    notInSpanish: ['embedded checkout', 'checkout embebido'],
  },
  {
    en: 'checkout session',
    es: 'sesión de checkout',
    fr: 'session de paiement',
    notInSpanish: ['checkout sessions?'],
  },
  {
    en: 'setup fee',
    es: 'comisión de apertura',
    fr: 'frais de dossier',
    notInSpanish: ['setup fees?', 'gastos de apertura'],
  },
  {
    en: 'grace period',
    es: 'periodo de carencia',
    fr: 'différé',
    why: '"periodo" 4 times, "período" never: both are correct Spanish, one is kept.',
    notInSpanish: ['grace periods?', 'período de carencia'],
  },
  {
    en: 'APR',
    es: 'TAE',
    fr: 'TAEG',
    notInSpanish: ['APR'],
  },
  {
    en: 'refund',
    es: 'reembolso',
    fr: 'remboursement',
    notInSpanish: ['refunds?', 'devoluci(?:ón|ones)'],
  },
  {
    en: 'buy now, pay later (BNPL)',
    es: 'pago aplazado (BNPL)',
    fr: 'paiement en plusieurs fois',
    notInSpanish: ['buy now,? pay later'],
  },
  {
    en: 'consumer loan',
    es: 'préstamo al consumo',
    fr: 'crédit à la consommation',
    notInSpanish: ['consumer loans?'],
  },
  {
    en: 'credit line',
    es: 'línea de crédito',
    fr: 'crédit renouvelable',
    notInSpanish: ['credit lines?'],
  },
]

/**
 * The Spanish words after which "Plazo" is the word plazo (a loan's term, a time limit), not the brand: "Plazo
 * de confirmación", "Plazo elegido". The brand is never followed by them in the guides (a test keeps it so) and
 * never plural.
 */
const TERM_FOLLOWERS = [
  'de',
  'del',
  'máximo',
  'mínimo',
  'elegido',
  'ofrecidos?',
  'no ofrecidos?',
  'en meses',
  'más',
  'para (?:confirmar|capturar)',
]

/**
 * A capitalised "Plazo"/"Plazos" that means the word: it would read as the brand, and a deployment that
 * renames the brand would rewrite it ("Acmes ofrecidos"). Write "El plazo elegido", "Los plazos".
 */
export const SPANISH_TERM_PLAZO = new RegExp(
  `\\bPlazos\\b|\\bPlazo(?=\\s+(?:${TERM_FOLLOWERS.join('|')})(?![\\p{L}]))`,
  'gu',
)

/** The working brand in prose, where it is the brand: not followed by one of the words above, never plural. */
export const BRAND_PLAZO = new RegExp(`\\bPlazo\\b(?!\\s+(?:${TERM_FOLLOWERS.join('|')})(?![\\p{L}]))`, 'gu')

/** A finding of `spanishTermsIn`: the phrase found and the term it should have been. */
export interface TermFinding {
  found: string
  term: string
}

const compiled = GLOSSARY.flatMap((term) =>
  term.notInSpanish.map((pattern) => ({
    term,
    // A phrase may be broken across lines: a space matches any run of white space.
    pattern: new RegExp(
      `(?<![\\p{L}\\p{N}_-])(?:${pattern.replaceAll(' ', '\\s+')})(?![\\p{L}\\p{N}_-])`,
      'giu',
    ),
  })),
)

/** Every capitalised "Plazo" meaning the word, in a text the brand plugin rewrites (prose and diagrams). */
export function termPlazoIn(text: string): TermFinding[] {
  return [...text.matchAll(SPANISH_TERM_PLAZO)].map((match) => ({
    found: match[0],
    term: 'plazo, en minúscula ("El plazo elegido", "Los plazos")',
  }))
}

/** Every phrase of the glossary's `notInSpanish`, and every capitalised "Plazo" meaning the word, in some prose. */
export function spanishTermsIn(prose: string): TermFinding[] {
  const findings: TermFinding[] = []
  for (const { term, pattern } of compiled) {
    for (const match of prose.matchAll(pattern)) findings.push({ found: match[0], term: term.es })
  }
  return [...findings, ...termPlazoIn(prose)]
}
