import { stdin, stdout } from 'node:process'
import { createInterface } from 'node:readline/promises'
import { hashPassword, isValidPasswordLength, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password.ts'

/** Prints the value to put in PLAZO_DOCS_PASSWORD so the password itself is not stored in the environment. */
const input = createInterface({ input: stdin, output: stdout })
const password = process.argv[2] ?? (await input.question('Docs password: '))
input.close()
if (!isValidPasswordLength(password)) {
  console.error(`The password must have ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`)
  process.exit(1)
}
console.log(await hashPassword(password))
