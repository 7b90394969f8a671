import { useId } from 'react'
import { useI18n } from '../../i18n/index.tsx'
import { type FieldPath, type FieldSpec, isRequired, isVisible, type Section, type Values } from './fields.ts'
import styles from './styles.module.css'

export interface CustomerFormProps {
  fields: FieldSpec[]
  values: Values
  errors: Partial<Record<FieldPath, string>>
  onChange: (path: FieldPath, value: string) => void
  /** The customer left a field: amounts and IBANs are shown back in their usual form. */
  onBlur: (path: FieldPath) => void
}

const SECTION_TITLES = {
  identity: 'sectionIdentity',
  family: 'sectionFamily',
  residence: 'sectionResidence',
  work: 'sectionWork',
  income: 'sectionIncome',
} as const

/** The customer's details: labelled fields, hints and errors tied to their input, in reading order. */
export function CustomerForm({ fields, values, errors, onChange, onBlur }: CustomerFormProps) {
  const { t } = useI18n()
  const sections = [...new Set(fields.map((f) => f.section))]
  return (
    <div className={styles.form}>
      <p className={styles.hint}>{t.requiredHint}</p>
      {sections.map((section) => {
        const inSection = fields.filter((f) => f.section === section && isVisible(f, values))
        const body = (
          <div key={`${section}-grid`} className={styles.grid}>
            {inSection.map((field) => (
              <Field
                key={field.path}
                field={field}
                value={values[field.path] ?? ''}
                error={errors[field.path]}
                required={isRequired(field, values)}
                onChange={(value) => onChange(field.path, value)}
                onBlur={() => onBlur(field.path)}
              />
            ))}
          </div>
        )
        return section === 'contact' ? (
          <div key={section}>{body}</div>
        ) : (
          <fieldset key={section} className={styles.section}>
            <legend>{t[SECTION_TITLES[section as Exclude<Section, 'contact'>]]}</legend>
            {body}
          </fieldset>
        )
      })}
    </div>
  )
}

interface FieldProps {
  field: FieldSpec
  value: string
  error: string | undefined
  required: boolean
  onChange: (value: string) => void
  onBlur: () => void
}

function Field({ field, value, error, required, onChange, onBlur }: FieldProps) {
  const { t } = useI18n()
  const id = useId()
  const hintId = field.hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  const common = {
    id,
    name: field.path,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': required || undefined,
    className: styles.input,
  }
  let control: React.ReactNode
  if (field.kind === 'select' || field.kind === 'yesno') {
    const options =
      field.kind === 'yesno'
        ? [
            ['yes', t.yes],
            ['no', t.no],
          ]
        : (field.options?.values ?? []).map((v) => [
            v,
            (t.options[field.options?.labels ?? 'genders'] as Record<string, string>)[v] ?? v,
          ])
    control = (
      <select {...common} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t.select}</option>
        {options.map(([v, label]) => (
          <option key={v} value={v}>
            {label}
          </option>
        ))}
      </select>
    )
  } else {
    // Amounts are text, not type=number: a number input drops what its browser locale cannot parse ("2.500").
    const type = field.kind === 'email' || field.kind === 'tel' || field.kind === 'date' ? field.kind : 'text'
    control = (
      <input
        {...common}
        type={type}
        inputMode={field.kind === 'money' ? 'decimal' : field.kind === 'number' ? 'numeric' : undefined}
        autoComplete={field.autoComplete ?? 'off'}
        autoCapitalize={field.upperCase ? 'characters' : undefined}
        spellCheck={false}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
    )
  }
  return (
    <div className={field.kind === 'yesno' || field.path.length > 40 ? styles.wide : styles.field}>
      <label htmlFor={id} className={styles.label}>
        {t.fields[field.path]}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {control}
      {field.hint ? (
        <p id={hintId} className={styles.fieldHint}>
          {t.hints[field.hint]}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
