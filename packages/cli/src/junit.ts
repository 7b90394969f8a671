/**
 * The report of `plazo check` as JUnit XML, which CI systems (GitHub Actions reporters, GitLab, Jenkins,
 * CircleCI, Azure) show as tests: one test suite, one test case per check; `fail` is a `<failure>`, `skip` is
 * `<skipped>`, `warn` passes with its detail in `<system-out>`. Written here rather than with a library: the
 * document is twenty lines of fixed shape, and escaping is the only hard part.
 */

export interface JunitCheck {
  id: string
  status: 'pass' | 'fail' | 'warn' | 'skip'
  title: string
  detail: string
  docs_url: string
}

export interface JunitReport {
  kind: string
  checks: readonly JunitCheck[]
}

/**
 * Text as XML 1.0 character data or an attribute value: the five special characters escaped, and the
 * characters XML 1.0 cannot carry at all (controls other than tab and line breaks, lone surrogates, U+FFFE and
 * U+FFFF) replaced by U+FFFD. A handler's answer quoted in a detail is arbitrary bytes.
 */
export function xmlText(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

export function junitXml(report: JunitReport, options: { timestamp?: Date; seconds?: number } = {}): string {
  const suite = `plazo check ${report.kind}`
  const count = (status: JunitCheck['status']) =>
    report.checks.filter((check) => check.status === status).length
  const attributes = (values: Record<string, string | number>) =>
    Object.entries(values)
      .map(([name, value]) => ` ${name}="${xmlText(String(value))}"`)
      .join('')
  const totals = {
    tests: report.checks.length,
    failures: count('fail'),
    errors: 0,
    skipped: count('skip'),
    time: (options.seconds ?? 0).toFixed(3),
  }
  const cases = report.checks.map((check) => {
    const open = `    <testcase${attributes({ classname: `plazo.check.${report.kind}`, name: `${check.id}: ${check.title}`, time: '0' })}`
    const body = `${check.detail}\n${check.docs_url}`
    switch (check.status) {
      case 'fail':
        return `${open}>\n      <failure${attributes({ message: check.detail, type: check.id })}>${xmlText(body)}</failure>\n    </testcase>`
      case 'skip':
        return `${open}>\n      <skipped${attributes({ message: check.detail })}/>\n    </testcase>`
      case 'warn':
        return `${open}>\n      <system-out>${xmlText(`warning: ${body}`)}</system-out>\n    </testcase>`
      default:
        return `${open}>\n      <system-out>${xmlText(body)}</system-out>\n    </testcase>`
    }
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attributes({ name: suite, ...totals })}>`,
    `  <testsuite${attributes({ name: suite, ...totals, timestamp: (options.timestamp ?? new Date()).toISOString().slice(0, 19) })}>`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n')
}
