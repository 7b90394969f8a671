import { StrictMode, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { Link, Redirect, Route, Router, Switch, useLocation } from 'wouter'
import { AccountContext } from './account.tsx'
import { ApiProblem, api, type DashboardAccount, whenSignedOut } from './api.ts'
import { Layout } from './components/Layout/index.tsx'
import { Problem } from './components/Problem/index.tsx'
import {
  chooseLanguage,
  DICTIONARIES,
  I18nProvider,
  type Lang,
  LOCALES,
  savedLanguage,
  saveLanguage,
  useI18n,
} from './i18n/index.tsx'
import { LiveProvider } from './live.tsx'
import { ChecksPage } from './pages/ChecksPage.tsx'
import { DevelopersPage } from './pages/DevelopersPage.tsx'
import { LogsPage } from './pages/LogsPage.tsx'
import { SessionPage } from './pages/SessionPage.tsx'
import { SessionsPage } from './pages/SessionsPage.tsx'
import { SignInPage } from './pages/SignInPage.tsx'
import { SignUpPage } from './pages/SignUpPage.tsx'
import { WebhooksPage } from './pages/WebhooksPage.tsx'
import { applyTheme, initialTheme, saveTheme, type Theme } from './theme.ts'
import './global.css'

/** Where the API serves the dashboard (Vite's base without its slash): the router's base. */
const BASE = import.meta.env.BASE_URL.replace(/\/$/, '')

function NotFound() {
  const { t } = useI18n()
  return (
    <section className="card">
      <h1>{t.notFound.title}</h1>
      <p>{t.notFound.text}</p>
      <Link href="/">{t.notFound.back}</Link>
    </section>
  )
}

/** The account's pages; `undefined` while the cookie is being checked, `null` when nobody is signed in. */
function Pages({
  account,
  setAccount,
}: {
  account: DashboardAccount | null | undefined
  setAccount: (a: DashboardAccount | null) => void
}) {
  const { t } = useI18n()
  const [location, navigate] = useLocation()
  const heading = useRef<string>('')

  // A new page takes the focus to its heading, so a screen reader starts there (as a page load would).
  useEffect(() => {
    if (heading.current === location) return
    const first = heading.current === ''
    heading.current = location
    if (first) return
    const h1 = document.querySelector<HTMLElement>('main h1')
    if (h1) {
      h1.tabIndex = -1
      h1.focus()
    }
  }, [location])

  const refresh = useCallback(async () => setAccount(await api.account()), [setAccount])
  const signedOut = useCallback(() => {
    setAccount(null)
    navigate('/sign-in')
  }, [setAccount, navigate])
  const signedIn = (next: DashboardAccount) => {
    setAccount(next)
    navigate('/')
  }

  if (account === undefined) return <p>{t.loading}</p>
  if (account === null) {
    return (
      <Switch>
        <Route path="/sign-in">
          <SignInPage onSignedIn={signedIn} />
        </Route>
        <Route path="/sign-up">
          <SignUpPage onSignedIn={signedIn} />
        </Route>
        <Route>
          <Redirect to="/sign-in" replace />
        </Route>
      </Switch>
    )
  }
  return (
    <AccountContext.Provider value={{ account, refresh, signedOut }}>
      {/* One live stream for the signed-in pages, closed when they unmount (sign-out). */}
      <LiveProvider>
        <Switch>
          <Route path="/">
            <SessionsPage />
          </Route>
          <Route path="/sessions/:id">{(params) => <SessionPage id={params.id} />}</Route>
          <Route path="/webhooks">
            <WebhooksPage />
          </Route>
          <Route path="/logs">
            <LogsPage />
          </Route>
          <Route path="/developers">
            <DevelopersPage />
          </Route>
          <Route path="/checks">
            <ChecksPage />
          </Route>
          <Route path="/sign-in">
            <Redirect to="/" replace />
          </Route>
          <Route path="/sign-up">
            <Redirect to="/" replace />
          </Route>
          <Route>
            <NotFound />
          </Route>
        </Switch>
      </LiveProvider>
    </AccountContext.Provider>
  )
}

function App() {
  const [picked, setPicked] = useState<Lang | undefined>()
  const lang = picked ?? chooseLanguage(savedLanguage(), navigator.languages ?? [navigator.language])
  const t = DICTIONARIES[lang]
  const setLang = useCallback((next: Lang) => {
    saveLanguage(next)
    setPicked(next)
  }, [])
  const i18n = useMemo(() => ({ lang, t, locale: LOCALES[lang], setLang }), [lang, t, setLang])
  const [theme, setThemeState] = useState<Theme>(initialTheme)
  const setTheme = useCallback((next: Theme) => {
    saveTheme(next)
    setThemeState(next)
  }, [])
  const [account, setAccount] = useState<DashboardAccount | null | undefined>()
  const [problem, setProblem] = useState<ApiProblem | undefined>()

  useEffect(() => applyTheme(theme), [theme])
  useEffect(() => {
    document.documentElement.lang = lang
    document.title = t.htmlTitle
  }, [lang, t])
  useEffect(() => {
    whenSignedOut(() => setAccount(null))
    api.account().then(setAccount, (error: unknown) => {
      if (error instanceof ApiProblem && error.status !== 401) setProblem(error)
      setAccount(null)
    })
  }, [])

  const signOut = async () => {
    try {
      await api.signOut()
    } finally {
      setAccount(null)
    }
  }

  return (
    <I18nProvider value={i18n}>
      <Router base={BASE}>
        <Layout account={account ?? null} theme={theme} setTheme={setTheme} onSignOut={signOut}>
          <Problem problem={problem} />
          <Pages account={account} setAccount={setAccount} />
        </Layout>
      </Router>
    </I18nProvider>
  )
}

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}
