/**
 * Writes src/generated/contract.ts from @plazo/contract: the enum values and the wire types checkout-js
 * exchanges with the API. The browser bundle must not carry the contract package (TypeBox, Ajv), so the values
 * are copied here at build time instead of imported at run time; nothing in it is typed by hand.
 * Run by `npm run build`; `--check` fails when the committed file is stale.
 */
import { execFileSync } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  AgentConfigurationSchema,
  Alpha3CountrySchema,
  CheckoutSessionStatus,
  CLIENT_EXCEPTIONS,
  ClientCompleteRequestSchema,
  ClientOutcomeSchema,
  ClientSessionSchema,
  FRENCH_CREDIT_WARNING,
  OfferSchema,
  PaymentMethodType,
  PublicPricingSchema,
  SimulationRequestSchema,
  SimulationResponseSchema,
} from '@plazo/contract'

export const GENERATED_PATH = resolve(dirname(fileURLToPath(import.meta.url)), '../src/generated/contract.ts')

type Schema = Record<string, unknown>

/** The contract schemas emitted as named types; a nested schema with one of these titles refers to it. */
const NAMED: Record<string, { schema: Schema; doc: string }> = {
  CountryCode: {
    schema: Alpha3CountrySchema as unknown as Schema,
    doc: 'An ISO 3166-1 alpha-3 country code (ESP, FRA, PRT…): one of the 249 officially assigned codes.',
  },
  Offer: {
    schema: OfferSchema as unknown as Schema,
    doc: 'The loan conditions of one payment method for one term.',
  },
  PublicPricing: {
    schema: PublicPricingSchema as unknown as Schema,
    doc: 'An agent pricing as shown to customers (no merchant fee).',
  },
  AgentConfiguration: {
    schema: AgentConfigurationSchema as unknown as Schema,
    doc: 'What an agent (point of sale) offers: merchant name, countries, payment method types and pricings.',
  },
  SimulationResponse: {
    schema: SimulationResponseSchema as unknown as Schema,
    doc: 'Every offer of `POST /api/v2/client/simulate` for an amount.',
  },
  ClientSession: {
    schema: ClientSessionSchema as unknown as Schema,
    doc: 'The embedded checkout session as the customer sees it.',
  },
  ClientCompleteRequest: {
    schema: ClientCompleteRequestSchema as unknown as Schema,
    doc: 'What the customer sends to complete the checkout.',
  },
  ClientOutcome: {
    schema: ClientOutcomeSchema as unknown as Schema,
    doc: 'What happened when the customer completed the checkout.',
  },
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

function key(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name)
}

function comment(text: unknown, indent: string): string {
  if (typeof text !== 'string' || text === '') return ''
  return `${indent}/** ${text.replaceAll('*/', '*\\/').replaceAll('\n', ' ')} */\n`
}

/** A TypeScript type for a JSON Schema (the subset TypeBox produces for these schemas). */
function typeOf(schema: Schema, indent: string, top = false): string {
  const title = schema.title as string | undefined
  if (!top && title && title in NAMED) return title
  if ('const' in schema) return JSON.stringify(schema.const)
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ')
  if (Array.isArray(schema.anyOf)) return union(schema.anyOf as Schema[], indent)
  if (Array.isArray(schema.oneOf)) return union(schema.oneOf as Schema[], indent)
  if (Array.isArray(schema.allOf)) {
    return (schema.allOf as Schema[]).map((s) => `(${typeOf(s, indent)})`).join(' & ')
  }
  switch (schema.type) {
    case 'string':
      return 'string'
    case 'integer':
    case 'number':
      return 'number'
    case 'boolean':
      return 'boolean'
    case 'null':
      return 'null'
    case 'array': {
      const item = typeOf((schema.items ?? {}) as unknown as Schema, indent)
      return /^[\w".]+$/.test(item) ? `${item}[]` : `Array<${item}>`
    }
    case 'object':
      return objectType(schema, indent)
    default:
      return 'unknown'
  }
}

function union(members: Schema[], indent: string): string {
  return [...new Set(members.map((m) => typeOf(m, indent)))].join(' | ')
}

function objectType(schema: Schema, indent: string): string {
  const properties = (schema.properties ?? {}) as Record<string, Schema>
  const required = new Set((schema.required ?? []) as string[])
  const names = Object.keys(properties)
  if (names.length === 0) return 'Record<string, unknown>'
  const inner = `${indent}  `
  const lines = names.map((name) => {
    const property = properties[name] as Schema
    const optional = required.has(name) ? '' : '?'
    return `${comment(property.description, inner)}${inner}${key(name)}${optional}: ${typeOf(property, inner)}`
  })
  return `{\n${lines.join('\n')}\n${indent}}`
}

/** The file as Biome formats it, so the generated file passes `biome check` like the rest of the repo. */
function formatted(text: string): string {
  return execFileSync('npx', ['biome', 'format', `--stdin-file-path=${GENERATED_PATH}`], {
    input: text,
    encoding: 'utf8',
    stdio: ['pipe', 'pipe', 'ignore'],
  })
}

const pascal = (value: string) =>
  value.replace(/(^|_)([a-z0-9])/g, (_match, _sep: string, letter: string) => letter.toUpperCase())

/** A string enum whose members are the contract's values, with the merchant-facing TSDoc. */
function enumeration(name: string, doc: string, values: readonly string[]): string {
  const members = values.map((value) => `  ${pascal(value)} = ${JSON.stringify(value)},`).join('\n')
  return `${doc}\nexport enum ${name} {\n${members}\n}\n`
}

export function generate(): string {
  const parts = [
    '// Generated by scripts/generate-contract.ts from @plazo/contract: do not edit (npm run build rewrites it).',
    '',
    enumeration(
      'PaymentMethodType',
      [
        '/**',
        ` * ${PaymentMethodType.description}`,
        ' *',
        ' * Functions that take a payment method type accept the enum member or its string value.',
        ' *',
        ' * @example',
        ' * ```ts',
        " * import { PaymentMethodType, paymentMethodBoundary } from '@plazo/checkout-js'",
        ' * const boundary = await paymentMethodBoundary(PaymentMethodType.BnplInstalments)',
        ' * ```',
        ' */',
      ].join('\n'),
      PaymentMethodType.values,
    ),
    enumeration(
      'Status',
      [
        '/**',
        ` * ${CheckoutSessionStatus.description}`,
        ' *',
        ' * `onComplete` of the checkout components receives one of these.',
        ' *',
        ' * @example',
        ' * ```ts',
        " * import { CheckoutSessionComponent, Status } from '@plazo/checkout-js'",
        ' * CheckoutSessionComponent({',
        " *   mountElement: '#checkout',",
        ' *   clientSecret,',
        ' *   onComplete: ({ status }) => {',
        " *     if (status === Status.Confirmed) location.assign('/thank-you')",
        ' *   },',
        ' * })',
        ' * ```',
        ' */',
      ].join('\n'),
      CheckoutSessionStatus.values,
    ),
    '/** Every payment method type of the contract, in its order. */',
    `export const PAYMENT_METHOD_TYPES = ${JSON.stringify(PaymentMethodType.values)} as const`,
    '',
    '/** Every checkout session status of the contract, in its order. */',
    `export const CHECKOUT_SESSION_STATUSES = ${JSON.stringify(CheckoutSessionStatus.values)} as const`,
    '',
    '/** The `exception` of errors found in the browser, not answered by the API (`PlazoError`). */',
    `export const CLIENT_EXCEPTIONS = ${JSON.stringify(CLIENT_EXCEPTIONS)} as const`,
    '',
    '/** The largest amount, in cents, `POST /api/v2/client/simulate` prices. */',
    `export const MAX_SIMULATION_AMOUNT = ${JSON.stringify((SimulationRequestSchema.properties.amount as unknown as Schema).maximum)}`,
    '',
    '/** The sentence French law (Code de la consommation, L312-5) requires beside an offer of credit. */',
    `export const FRENCH_CREDIT_WARNING = ${JSON.stringify(FRENCH_CREDIT_WARNING)}`,
    '',
  ]
  for (const [name, { schema, doc }] of Object.entries(NAMED)) {
    // Objects are shown inline where they are used; a list of values (the 249 countries) is named once.
    if (schema.type !== 'object') {
      parts.push(`/** ${doc} */`, `export type ${name} = ${typeOf(schema, '', true)}`, '')
      continue
    }
    parts.push(`/**\n * ${doc}\n * @inline\n */`)
    parts.push(`export interface ${name} ${typeOf(schema, '', true)}`, '')
  }
  return formatted(parts.join('\n'))
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = generate()
  if (process.argv.includes('--check')) {
    const current = await readFile(GENERATED_PATH, 'utf8').catch(() => '')
    if (current !== text) {
      console.error(`${GENERATED_PATH} is stale: run npm run build -w packages/checkout-js`)
      process.exit(1)
    }
  } else {
    await writeFile(GENERATED_PATH, text)
  }
}
