/**
 * The console's words in both languages. They live here rather than in i18n/es/code.json so that they load
 * with the console, not in every page's main script (Docusaurus bundles code.json into it).
 */

const en = {
  console: (method: string, path: string) => `Try ${method} ${path}`,
  account: 'Account',
  ownAccount: 'Your credentials',
  pastedToken: 'Paste a token',
  username: 'Username',
  password: 'Password',
  signIn: 'Sign in',
  signingIn: 'Signing in…',
  signedInAs: (user: string) => `Signed in as ${user}.`,
  signsInOnSend: 'The console signs in when you send.',
  signInFailed: 'Sign-in failed.',
  token: 'Access token',
  tokenHint: 'Sent as Authorization: Bearer <token>.',
  needsToken: 'Sign in with your credentials or paste a token first.',
  noAuth: 'This call needs no token.',
  clientSecret: 'Client secret (x-client-secret header)',
  parameters: 'Parameters',
  required: 'required',
  offered: 'Ids from this visit',
  idempotencyKey: 'Idempotency-Key (optional)',
  newKey: 'New key',
  body: 'Request body (JSON)',
  example: 'Example',
  checking: 'Checking against the request schema…',
  valid: 'Matches the request schema.',
  invalid: (count: number) =>
    count === 1 ? '1 problem with the request schema:' : `${count} problems with the request schema:`,
  notJson: 'Not valid JSON:',
  noBody: 'No body: the request is sent without one.',
  send: 'Send',
  sending: 'Sending…',
  copyCurl: 'Copy as curl',
  copied: 'Copied.',
  copyFailed: 'The browser refused the clipboard; copy the command below.',
  response: 'Response',
  time: (ms: number) => `${ms} ms`,
  headers: 'Headers',
  schemaErrors: 'Schema errors',
  sandboxDown:
    'The sandbox API is not running. Start it with `npm run start:api` (or `npm start` for everything), then send again.',
  docsSession: 'Your docs session has ended. Reload the page and log in again.',
  network: 'The docs server did not answer. Check your connection, then send again.',
}

export type Labels = typeof en

const es: Labels = {
  console: (method, path) => `Prueba ${method} ${path}`,
  account: 'Cuenta',
  ownAccount: 'Tus credenciales',
  pastedToken: 'Pegar un token',
  username: 'Usuario',
  password: 'Contraseña',
  signIn: 'Iniciar sesión',
  signingIn: 'Iniciando sesión…',
  signedInAs: (user) => `Sesión iniciada como ${user}.`,
  signsInOnSend: 'La consola inicia sesión al enviar.',
  signInFailed: 'No se pudo iniciar sesión.',
  token: 'Token de acceso',
  tokenHint: 'Se envía como Authorization: Bearer <token>.',
  needsToken: 'Inicia sesión con tus credenciales o pega un token antes de enviar.',
  noAuth: 'Esta llamada no necesita token.',
  clientSecret: 'Secreto de cliente (cabecera x-client-secret)',
  parameters: 'Parámetros',
  required: 'obligatorio',
  offered: 'Ids de esta visita',
  idempotencyKey: 'Idempotency-Key (opcional)',
  newKey: 'Nueva clave',
  body: 'Cuerpo de la petición (JSON)',
  example: 'Ejemplo',
  checking: 'Comprobando con el esquema de la petición…',
  valid: 'Cumple el esquema de la petición.',
  invalid: (count) =>
    count === 1
      ? '1 problema según el esquema de la petición:'
      : `${count} problemas según el esquema de la petición:`,
  notJson: 'No es JSON válido:',
  noBody: 'Sin cuerpo: la petición se envía sin él.',
  send: 'Enviar',
  sending: 'Enviando…',
  copyCurl: 'Copiar como curl',
  copied: 'Copiado.',
  copyFailed: 'El navegador no permite usar el portapapeles; copia el comando de abajo.',
  response: 'Respuesta',
  time: (ms) => `${ms} ms`,
  headers: 'Cabeceras',
  schemaErrors: 'Errores de esquema',
  sandboxDown:
    'La API sandbox no está en marcha. Iníciala con `npm run start:api` (o `npm start` para arrancarlo todo) y vuelve a enviar.',
  docsSession: 'Tu sesión en la documentación ha caducado. Recarga la página y vuelve a entrar.',
  network: 'El servidor de la documentación no responde. Comprueba la conexión y vuelve a enviar.',
}

export function labelsFor(locale: string): Labels {
  return locale === 'es' ? es : en
}
