import { createHash } from 'node:crypto'
import { escapeHtml } from '../src/lib/escape-html.ts'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password.ts'

/**
 * The login screen of spec §2, served by the gate for every request without a valid session. It is
 * self-contained (inline style and script, no request for assets) and holds nothing of the documentation.
 */

export type LoginLocale = 'en' | 'es'

export const LOGIN_PATH = '/__gate/login'

const messages = {
  en: {
    lead: 'Access our documentation and get started with the product.',
    label: 'Password',
    button: 'Login',
    busy: 'Logging in…',
    invalid: 'Invalid password',
    tooMany: 'Too many attempts. Wait a minute and try again.',
    network: 'The server could not be reached. Try again.',
    note: (email: string) => `Don't have the password? Contact support at ${email}.`,
  },
  es: {
    lead: 'Accede a nuestra documentación y empieza a trabajar con el producto.',
    label: 'Contraseña',
    button: 'Iniciar sesión',
    busy: 'Iniciando sesión…',
    invalid: 'Contraseña incorrecta',
    tooMany: 'Demasiados intentos. Espera un minuto y vuelve a probar.',
    network: 'No se ha podido contactar con el servidor. Vuelve a intentarlo.',
    note: (email: string) => `¿No tienes la contraseña? Escribe al equipo de soporte: ${email}.`,
  },
} as const

/** Spanish when the path is under /es/ or the browser prefers Spanish over English. */
export function loginLocale(path: string, acceptLanguage: string | undefined): LoginLocale {
  if (path === '/es' || path.startsWith('/es/')) return 'es'
  const preferred = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.find((param) => param.trim().startsWith('q='))
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 }
    })
    .filter((entry) => entry.tag !== '' && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q)
    .find((entry) => entry.tag.startsWith('es') || entry.tag.startsWith('en'))
  return preferred?.tag.startsWith('es') ? 'es' : 'en'
}

const style = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:1rem;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,Ubuntu,sans-serif;background:#f3f6fb;color:#1c1e21}
main{width:100%;max-width:24rem;background:#fff;border:1px solid #dadde1;border-radius:.75rem;padding:2rem;
box-shadow:0 8px 24px rgba(0,0,0,.06)}
h1{font-size:1.6rem;margin:0 0 .5rem}
p{line-height:1.5}
.lead{margin:0 0 1.5rem;color:#444950}
label{display:block;font-weight:600;margin-bottom:.4rem}
input{width:100%;font:inherit;padding:.65rem .75rem;border:1px solid #8d949e;border-radius:.4rem}
input:focus{outline:2px solid #1f5fbf;outline-offset:1px}
input[aria-invalid=true]{border-color:#b3261e}
.error{color:#b3261e;font-size:.9rem;margin:.4rem 0 0;min-height:1.35rem}
button{margin-top:1rem;width:100%;display:flex;align-items:center;justify-content:center;gap:.5rem;font:inherit;
font-weight:600;padding:.7rem;border:0;border-radius:.4rem;background:#1f5fbf;color:#fff;cursor:pointer}
button[disabled]{opacity:.75;cursor:progress}
.spinner{width:1rem;height:1rem;border:2px solid rgba(255,255,255,.4);border-top-color:#fff;border-radius:50%;
animation:spin .8s linear infinite}
.spinner[hidden]{display:none}
@keyframes spin{to{transform:rotate(360deg)}}
.note{margin:1.5rem 0 0;font-size:.9rem;color:#444950}
@media (prefers-color-scheme:dark){body{background:#1b1b1d;color:#e3e3e3}main{background:#242526;border-color:#444950}
.lead,.note{color:#c5c8cc}input{background:#1b1b1d;color:#e3e3e3}.error{color:#ff8a80}
input[aria-invalid=true]{border-color:#ff8a80}}
`.trim()

function script(locale: LoginLocale): string {
  const t = messages[locale]
  const text = JSON.stringify({ invalid: t.invalid, tooMany: t.tooMany, network: t.network, busy: t.busy })
  return `(function(){
var t=${text};var min=${PASSWORD_MIN_LENGTH},max=${PASSWORD_MAX_LENGTH};
var form=document.getElementById('login'),input=document.getElementById('password'),
error=document.getElementById('password-error'),button=form.querySelector('button'),
spinner=document.getElementById('spinner'),label=document.getElementById('button-label'),idle=label.textContent;
function fail(message){error.textContent=message;input.setAttribute('aria-invalid','true');busy(false);input.focus();}
function busy(on){button.disabled=on;spinner.hidden=!on;label.textContent=on?t.busy:idle;form.setAttribute('aria-busy',on?'true':'false');}
input.addEventListener('input',function(){error.textContent='';input.removeAttribute('aria-invalid');});
form.addEventListener('submit',function(event){
event.preventDefault();
var password=input.value;
if(password.length<min||password.length>max){fail(t.invalid);return;}
busy(true);
fetch(${JSON.stringify(LOGIN_PATH)},{method:'POST',credentials:'same-origin',headers:{'content-type':'application/json'},
body:JSON.stringify({password:password})}).then(function(response){
if(response.ok){window.location.reload();return;}
fail(response.status===429?t.tooMany:t.invalid);
},function(){fail(t.network);});
});
})();`
}

/** Why a login sent without JavaScript (a plain form post) came back to the login screen. */
export type LoginError = 'invalid' | 'tooMany'

export interface LoginPageState {
  /** The path (and query) the visitor asked for; a plain form post returns there after logging in. */
  returnTo: string
  error?: LoginError | undefined
}

export interface LoginPage {
  html(state: LoginPageState): string
  /** Content-Security-Policy that allows exactly the inline style and script of this page. */
  csp: string
}

function sha256(value: string): string {
  return `'sha256-${createHash('sha256').update(value).digest('base64')}'`
}

export function renderLoginPage(options: {
  locale: LoginLocale
  title: string
  supportEmail: string
}): LoginPage {
  const { locale, title, supportEmail } = options
  const t = messages[locale]
  const js = script(locale)
  const email = escapeHtml(supportEmail)
  const note = escapeHtml(t.note(supportEmail)).replace(email, `<a href="mailto:${email}">${email}</a>`)
  const html = ({ returnTo, error }: LoginPageState) => `<!doctype html>
<html lang="${locale === 'es' ? 'es-ES' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p class="lead">${escapeHtml(t.lead)}</p>
<form id="login" method="post" action="${LOGIN_PATH}" novalidate>
<input type="hidden" name="return_to" value="${escapeHtml(returnTo)}">
<label for="password">${escapeHtml(t.label)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required
 minlength="${PASSWORD_MIN_LENGTH}" maxlength="${PASSWORD_MAX_LENGTH}" aria-describedby="password-error"${error ? ' aria-invalid="true"' : ''} autofocus>
<p id="password-error" class="error" role="alert" aria-live="assertive">${error ? escapeHtml(t[error]) : ''}</p>
<button type="submit"><span id="spinner" class="spinner" hidden aria-hidden="true"></span><span id="button-label">${escapeHtml(t.button)}</span></button>
</form>
<p class="note">${note}</p>
</main>
<script>${js}</script>
</body>
</html>
`
  const csp = [
    "default-src 'none'",
    `style-src ${sha256(style)}`,
    `script-src ${sha256(js)}`,
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
  return { html, csp }
}
