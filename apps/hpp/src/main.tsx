import { StrictMode, useCallback, useEffect, useMemo, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { Layout } from './components/Layout/index.tsx'
import { StatusPage } from './components/StatusPage/index.tsx'
import {
  chooseLanguage,
  DICTIONARIES,
  I18nProvider,
  type Lang,
  LOCALES,
  saveLanguage,
} from './i18n/index.tsx'
import { DistributePage } from './pages/DistributePage.tsx'
import { EmbeddedPage } from './pages/EmbeddedPage.tsx'
import { HostedPage } from './pages/HostedPage.tsx'
import './global.css'

type Route =
  | { page: 'hosted'; hppId: string }
  | { page: 'distribute'; hppId: string }
  | { page: 'embedded' }
  | { page: 'none' }

/** The API serves this app at /hpp/{hpp_id}, /hpp/{hpp_id}/distribute and /embedded. */
export function route(pathname: string): Route {
  const path = pathname.replace(/\/+$/, '')
  const hpp = /^\/hpp\/([^/]+)(\/distribute)?$/.exec(path)
  if (hpp?.[1]) return { page: hpp[2] ? 'distribute' : 'hosted', hppId: decodeURIComponent(hpp[1]) }
  if (path === '/embedded') return { page: 'embedded' }
  return { page: 'none' }
}

function App() {
  const [country, setCountry] = useState<string | undefined>()
  const [picked, setPicked] = useState<Lang | undefined>()
  const lang = picked ?? chooseLanguage(country, navigator.languages ?? [navigator.language])
  const t = DICTIONARIES[lang]
  const setLang = useCallback((next: Lang) => {
    saveLanguage(next)
    setPicked(next)
  }, [])
  const i18n = useMemo(() => ({ lang, t, locale: LOCALES[lang], setLang, setCountry }), [lang, t, setLang])

  useEffect(() => {
    document.documentElement.lang = lang
    document.title = t.htmlTitle
  }, [lang, t])

  const current = route(window.location.pathname)
  return (
    <I18nProvider value={i18n}>
      {current.page === 'hosted' ? <HostedPage hppId={current.hppId} /> : null}
      {current.page === 'distribute' ? <DistributePage hppId={current.hppId} /> : null}
      {current.page === 'embedded' ? <EmbeddedPage /> : null}
      {current.page === 'none' ? (
        <Layout>
          <StatusPage title={t.unknownTitle} text={t.unknownText} />
        </Layout>
      ) : null}
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
