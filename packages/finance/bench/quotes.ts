// Loan quote benchmark (`npm run bench -w packages/finance`): what the finance package costs a checkout session
// create, against the BASELINE (the code as it was before it was optimised, src/__tests__/baseline.ts). It is
// a measurement, not a test: it prints a table and exits 0 whatever the figures (1 only when the current code
// and the baseline disagree on a result, which the unit tests forbid).
//
// Scenarios, all through the public functions:
//   create       one paymentIntentConditions per default pricing at its shortest term, 258.00 EUR: what a
//                create computes (µs per create, i.e. for all of them)
//   <pricing>    the same quote alone, per default pricing (µs per quote)
//   spread       principals 5.00..50 000.00 EUR × terms 3..96 months, with every setup fee payment type,
//                insurance and grace periods (µs per quote, averaged)
//   aprOfSchedule / roundHalfUp   the two hot inner functions alone (µs per call)
//
// The VM is noisy, so every round times each scenario once with the baseline and once with the current code,
// in alternating order, and the table shows the median over the rounds. Environment: BENCH_ROUNDS (default 15).
import { isDeepStrictEqual } from 'node:util'
import {
  baselineAprOfSchedule,
  baselinePaymentIntentConditions,
  baselineRoundHalfUp,
} from '../src/__tests__/baseline.ts'
import { aprOfSchedule } from '../src/apr.ts'
import { DEFAULT_PRICINGS } from '../src/default-pricings.ts'
import { paymentIntentConditions } from '../src/loan.ts'
import { optionsFromPricing } from '../src/pricing.ts'
import { roundHalfUp } from '../src/rounding.ts'
import type { Instalment, LoanInput, SetupFee } from '../src/types.ts'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15)
/** Wall time each timed sample aims at: long enough to swamp timer resolution, short enough for many rounds. */
const SAMPLE_MS = 25
const CREATE_PRINCIPAL = 25_800

interface Implementation {
  quote: (input: LoanInput) => { conditions: { apr: number } }
  apr: (amountOfCredit: number, schedule: readonly Instalment[]) => number
  round: (value: number, decimals?: number) => number
}

const baseline: Implementation = {
  quote: baselinePaymentIntentConditions,
  apr: baselineAprOfSchedule,
  round: baselineRoundHalfUp,
}
const current: Implementation = { quote: paymentIntentConditions, apr: aprOfSchedule, round: roundHalfUp }

interface Scenario {
  name: string
  /** What one call is, for the table's unit. */
  unit: string
  /** Calls made by one run. */
  calls: number
  run: (implementation: Implementation) => number
}

const quotesScenario = (
  name: string,
  unit: string,
  inputs: readonly LoanInput[],
  perRun: number,
): Scenario => ({
  name,
  unit,
  calls: perRun,
  run: ({ quote }) => {
    let sink = 0
    for (const input of inputs) sink += quote(input).conditions.apr
    return sink
  },
})

const createInputs: LoanInput[] = DEFAULT_PRICINGS.map((pricing) => ({
  principal: CREATE_PRINCIPAL,
  options: optionsFromPricing(pricing, pricing.periods[0] ?? 1),
}))

const setupFees: (SetupFee | null)[] = [
  null,
  { payment_type: 'type_fixed_amount', fee_type: 'fix_amount', amount: 9.99 },
  { payment_type: 'type_upfront', fee_type: 'percentage', amount: 0.03 },
  { payment_type: 'type_financed', fee_type: 'percentage', amount: 0.015 },
]
const spreadInputs: LoanInput[] = []
for (const principal of [500, 25_800, 149_999, 1_000_000, 5_000_000]) {
  for (const periods of [3, 12, 24, 48, 96]) {
    const k = spreadInputs.length
    const insured = k % 3 === 0
    spreadInputs.push({
      principal,
      ...(insured ? { insuranceAmount: Math.round(principal * 0.02) } : {}),
      gracePeriod: k % 4,
      options: {
        periods,
        annual_interest: [0, 0.0799, 0.1499, 0.2499][k % 4],
        setup_fee: setupFees[k % setupFees.length] ?? null,
        insurance: insured ? { value: 'payment-protection', is_insurance_financed: k % 2 === 0 } : null,
        max_grace_period: 3,
        merchant_fee: 0.02,
      },
    })
  }
}

const schedules = createInputs.map((input) => paymentIntentConditions(input).schedule)
const roundingValues = Array.from({ length: 1000 }, (_, k) => {
  const magnitude = 10 ** ((k % 9) - 2)
  return (k % 2 === 0 ? 1 : -1) * magnitude * (1 + ((k * 7919) % 1000) / 1000)
})

const scenarios: Scenario[] = [
  quotesScenario(`create: ${createInputs.length} default pricings, shortest term`, 'create', createInputs, 1),
  ...createInputs.map((input, k) =>
    quotesScenario(
      `  ${DEFAULT_PRICINGS[k]?.payment_method_type} ${input.options.periods} m`,
      'quote',
      [input],
      1,
    ),
  ),
  quotesScenario(`spread: ${spreadInputs.length} loans`, 'quote', spreadInputs, spreadInputs.length),
  {
    name: `aprOfSchedule (${schedules.length} default schedules)`,
    unit: 'call',
    calls: schedules.length,
    run: ({ apr }) => {
      let sink = 0
      for (const schedule of schedules) sink += apr(CREATE_PRINCIPAL, schedule)
      return sink
    },
  },
  {
    name: `roundHalfUp (${roundingValues.length} values, 0..4 decimals)`,
    unit: 'call',
    calls: roundingValues.length,
    run: ({ round }) => {
      let sink = 0
      for (let k = 0; k < roundingValues.length; k += 1) sink += round(roundingValues[k] ?? 0, k % 5)
      return sink
    },
  },
]

/** Exits 1 unless the current code returns exactly what the baseline returns on every benchmarked input. */
function checkSameResults(): void {
  const disagreements: string[] = []
  for (const input of [...createInputs, ...spreadInputs]) {
    if (!isDeepStrictEqual(paymentIntentConditions(input), baselinePaymentIntentConditions(input))) {
      disagreements.push(`quote ${JSON.stringify(input)}`)
    }
  }
  for (const schedule of schedules) {
    if (aprOfSchedule(CREATE_PRINCIPAL, schedule) !== baselineAprOfSchedule(CREATE_PRINCIPAL, schedule)) {
      disagreements.push(`APR of a ${schedule.length}-month schedule`)
    }
  }
  roundingValues.forEach((value, k) => {
    if (!Object.is(roundHalfUp(value, k % 5), baselineRoundHalfUp(value, k % 5))) {
      disagreements.push(`roundHalfUp(${value}, ${k % 5})`)
    }
  })
  if (disagreements.length > 0) {
    console.error(`the current code and the baseline disagree:\n${disagreements.join('\n')}`)
    process.exit(1)
  }
}

let sink = 0

/** Runs as many repetitions as fit in about SAMPLE_MS, found once per scenario and implementation. */
function repetitionsFor(scenario: Scenario, implementation: Implementation): number {
  let repetitions = 1
  for (;;) {
    const start = performance.now()
    for (let r = 0; r < repetitions; r += 1) sink += scenario.run(implementation)
    const elapsed = performance.now() - start
    if (elapsed >= SAMPLE_MS / 4) return Math.max(1, Math.round((repetitions * SAMPLE_MS) / elapsed))
    repetitions *= 2
  }
}

/** µs per call of one timed sample. */
function sample(scenario: Scenario, implementation: Implementation, repetitions: number): number {
  const start = performance.now()
  for (let r = 0; r < repetitions; r += 1) sink += scenario.run(implementation)
  return ((performance.now() - start) * 1000) / (repetitions * scenario.calls)
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2
}

checkSameResults()

const plans = scenarios.map((scenario) => ({
  scenario,
  baselineRepetitions: repetitionsFor(scenario, baseline),
  currentRepetitions: repetitionsFor(scenario, current),
  baselineTimes: [] as number[],
  currentTimes: [] as number[],
}))
for (let round = 0; round < ROUNDS; round += 1) {
  for (const plan of plans) {
    const baselineFirst = round % 2 === 0
    if (baselineFirst) plan.baselineTimes.push(sample(plan.scenario, baseline, plan.baselineRepetitions))
    plan.currentTimes.push(sample(plan.scenario, current, plan.currentRepetitions))
    if (!baselineFirst) plan.baselineTimes.push(sample(plan.scenario, baseline, plan.baselineRepetitions))
  }
}

const nameWidth = Math.max(...scenarios.map((scenario) => scenario.name.length))
console.log(`median of ${ROUNDS} interleaved rounds, µs per call (node ${process.version})`)
console.log(`${'scenario'.padEnd(nameWidth)}  unit     baseline     current  current/baseline`)
for (const plan of plans) {
  const before = median(plan.baselineTimes)
  const after = median(plan.currentTimes)
  console.log(
    `${plan.scenario.name.padEnd(nameWidth)}  ${plan.scenario.unit.padEnd(6)} ${before.toFixed(3).padStart(10)}  ${after
      .toFixed(3)
      .padStart(10)}  ${(after / before).toFixed(2).padStart(16)}`,
  )
}
if (Number.isNaN(sink)) console.log('(unreachable: keeps the results alive)')
