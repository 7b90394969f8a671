import { fileURLToPath } from 'node:url'
import type { Options as DocsOptions } from '@docusaurus/plugin-content-docs'
import type { Options as ThemeOptions } from '@docusaurus/theme-classic'
import type { UserThemeConfig } from '@docusaurus/theme-common'
import type { ThemeConfig as MermaidThemeConfig } from '@docusaurus/theme-mermaid'
import type { Config, Plugin } from '@docusaurus/types'
import type { PluginOptions as SearchLocalOptions } from '@easyops-cn/docusaurus-search-local'
import { themes as prismThemes } from 'prism-react-renderer'
import type { PresetEntry } from 'redocusaurus'
import type { Compiler } from 'webpack'
import { apiReferences, type ReferenceLocale } from './api-references.ts'
import { specPath } from './openapi-source.ts'
import { accessiblePrismTheme } from './plugins/accessible-prism-theme.ts'
import { PRISM_LANGUAGES, prismLanguagesPlugin } from './plugins/prism-languages.ts'
import { redocLabels } from './plugins/redoc-labels.ts'
import { browserDataFile, ROUTE_DATA_REQUEST } from './plugins/redoc-preset.ts'
import { redocSpanishPlugin } from './plugins/redoc-spanish.ts'
import { rehypeTableRegions } from './plugins/rehype-table-regions.ts'
import { remarkBrand } from './plugins/remark-brand.ts'
import { sampleRemarkPlugins, samplesCachePlugin } from './plugins/remark-samples.ts'
import { site, siteTitle } from './site.config.ts'

/**
 * Docusaurus loads this config once per locale and says which in DOCUSAURUS_CURRENT_LOCALE (its documented
 * workaround for translating the site config, facebook/docusaurus#4542). Redocusaurus has no i18n of its
 * own: each locale's build registers the same routes under its base URL (/es/…), so the reference pages
 * pick the document of their locale here.
 */
const locale: ReferenceLocale = process.env.DOCUSAURUS_CURRENT_LOCALE === 'es' ? 'es' : 'en'

// The reference pages render the committed OpenAPI documents of packages/contract (Spanish ones on /es/);
// the prepare step copies the same files into static/openapi/ so each page offers its document for download.
const redocusaurus: [string, PresetEntry[1]] = [
  './plugins/redoc-preset.ts',
  {
    specs: apiReferences.map((reference) => ({
      id: reference.id,
      spec: specPath(reference, locale),
      route: reference.route,
      url: reference.downloadPath[locale],
      // The download link stays root-relative, so it works on any host and port the gate serves.
      normalizeUrl: false,
      layout: { title: reference.title[locale] },
    })),
    theme: {
      primaryColor: '#1f5fbf',
      primaryColorDark: '#8ab4f8',
      options: {
        expandResponses: '200,201',
        disableSearch: true,
        hideDownloadButton: false,
        labels: redocLabels[locale],
      },
      theme: { sidebar: { width: '300px' } },
    },
  },
]

/**
 * The workspace is ESM ("type": "module"), but Docusaurus's generated modules (.docusaurus/*.js) use
 * CommonJS `require.resolveWeak`, and its server bundle is CommonJS that Node runs from build/__server.
 * So the generated modules are parsed as "auto" again, and the server bundle gets a package.json that
 * marks its folder CommonJS. Without this the prerender fails ("require.resolveWeak is not a function",
 * "exports is not defined in ES module scope"). It also gives each bundle its Redoc loader
 * (src/lib/redoc-loader): synchronous on the server, lazy in the browser, and the prerendered reference
 * its dark-mode styles (src/lib/redoc-loader/server-styles.tsx).
 */
function bundlerSetup(): Plugin {
  const serverStyles = fileURLToPath(new URL('./src/lib/redoc-loader/server-styles.tsx', import.meta.url))
  return {
    name: 'plazo-bundler-setup',
    configureWebpack: (_config, isServer, utils) => ({
      module: { rules: [{ test: /[\\/]\.docusaurus[\\/].*\.js$/, type: 'javascript/auto' }] },
      plugins: [
        ...(isServer ? [new MarkFolderCommonJs()] : []),
        // Redoc renders synchronously into the prerendered page but loads lazily in the browser.
        new utils.currentBundler.instance.NormalModuleReplacementPlugin(
          /redoc-loader[\\/]index\.ts$/,
          (resource: { request: string }) => {
            resource.request = resource.request.replace(/index\.ts$/, isServer ? 'server.ts' : 'client.ts')
          },
        ),
        // The browser gets each reference's light data module, not the whole document (redoc-preset.ts).
        ...(isServer
          ? []
          : [
              new utils.currentBundler.instance.NormalModuleReplacementPlugin(
                ROUTE_DATA_REQUEST,
                (resource: { request: string }) => {
                  resource.request = browserDataFile(resource.request)
                },
              ),
            ]),
        ...(isServer
          ? [
              new utils.currentBundler.instance.NormalModuleReplacementPlugin(
                /^\.\/Styles$/,
                (resource: { request: string; context: string }) => {
                  if (/docusaurus-theme-redoc[\\/]dist(-jsx)?[\\/]theme[\\/]Redoc$/.test(resource.context))
                    resource.request = serverStyles
                },
              ),
            ]
          : []),
      ],
    }),
  }
}

class MarkFolderCommonJs {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('MarkFolderCommonJs', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'MarkFolderCommonJs' }, () => {
        compilation.emitAsset('package.json', new compiler.webpack.sources.RawSource('{"type":"commonjs"}\n'))
      })
    })
  }
}

/** The banner to the older BNPL-only site; the config is loaded once per locale, so it is translated here. */
function legacyBanner(locale: 'en' | 'es'): string {
  const url = site.legacyDocsUrl
  const shown = url.replace(/^https?:\/\//, '').replace(/\/$/, '')
  const link = `<a href="${url}">${shown}</a>`
  return locale === 'es'
    ? `¿Buscas la API anterior, que solo cubría el pago aplazado? Su documentación está en ${link}.`
    : `Looking for the earlier API that covered buy now, pay later only? Its documentation is at ${link}.`
}

const config: Config = {
  title: siteTitle,
  // What the browser code needs from site.config.ts (which itself reads @plazo/contract, a Node module).
  customFields: { brandName: site.brandName, supportEmail: site.supportEmail },
  tagline: 'One checkout integration for buy now pay later, consumer loans and card payments.',
  favicon: 'img/favicon.svg',
  url: 'http://localhost:3000',
  baseUrl: '/',

  // Spec §2: broken links, anchors, markdown links and duplicate routes only warn; our own build test
  // (e2e/build-quality.test.ts) turns any such warning into a failure.
  onBrokenLinks: 'warn',
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'warn',
  markdown: {
    // .md files (the generated checkout-js reference) are plain CommonMark; the guides are .mdx.
    format: 'detect',
    mermaid: true,
    hooks: { onBrokenMarkdownLinks: 'warn', onBrokenMarkdownImages: 'warn' },
  },

  future: { faster: true, v4: { removeLegacyPostBuildHeadAttribute: true } },

  i18n: {
    defaultLocale: 'en',
    locales: ['en', 'es'],
    localeConfigs: {
      en: { label: 'English', htmlLang: 'en' },
      es: { label: 'Español', htmlLang: 'es-ES' },
    },
  },

  // The site is gated; nothing of it should end up in a search engine even if a page leaks.
  noIndex: true,

  clientModules: [
    './src/clientModules/navigation-state.ts',
    './src/clientModules/chunk-load-recovery.ts',
    './src/clientModules/session-check.ts',
    './src/clientModules/prefetch.ts',
  ],

  themes: [
    [
      '@docusaurus/theme-classic',
      { customCss: ['./src/css/custom.css', './src/css/navbar.css'] } satisfies ThemeOptions,
    ],
    '@docusaurus/theme-mermaid',
    // Local full-text search (lunr, with Spanish stemming), built from the rendered pages of each locale into
    // build/search-index-*.json and build/es/search-index-*.json, fetched on first use of the search box.
    // Algolia DocSearch cannot crawl a site behind a password.
    [
      '@easyops-cn/docusaurus-search-local',
      {
        // The index file's name carries a hash of the guides of both locales, so a visitor never gets a stale one.
        hashed: 'filename',
        docsDir: ['docs', 'i18n/es/docusaurus-plugin-content-docs/current'],
        language: ['en', 'es'],
        indexPages: true,
        docsRouteBasePath: 'docs',
        explicitSearchResultPath: true,
        searchResultLimits: 10,
        searchResultContextMaxLength: 80,
        searchBarShortcutKeymap: 'mod+k',
        searchBarPosition: 'right',
        // Every page says noindex (the site is gated, see noIndex below), which would leave the index empty.
        forceIgnoreNoIndex: true,
      } satisfies SearchLocalOptions,
    ],
  ],
  plugins: [
    [
      '@docusaurus/plugin-content-docs',
      {
        sidebarPath: './sidebars.ts',
        sidebarCollapsed: false,
        showLastUpdateTime: false,
        // Samples included from apps/docs/samples and state diagrams drawn from the contract.
        beforeDefaultRemarkPlugins: sampleRemarkPlugins(),
        remarkPlugins: [remarkBrand({ brand: site.brandName })],
        // Wide tables scroll sideways in a region the keyboard reaches.
        rehypePlugins: [rehypeTableRegions],
      } satisfies DocsOptions,
    ],
    '@docusaurus/plugin-content-pages',
    bundlerSetup,
    samplesCachePlugin,
    redocSpanishPlugin,
    prismLanguagesPlugin,
  ],
  presets: [redocusaurus],

  themeConfig: {
    colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false },
    announcementBar: {
      id: 'legacy-bnpl-docs',
      content: legacyBanner(locale),
      isCloseable: false,
    },
    docs: { sidebar: { hideable: false, autoCollapseCategories: false } },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    navbar: {
      title: siteTitle,
      hideOnScroll: false,
      logo: { alt: `${site.brandName} logo`, src: 'img/logo.svg', width: 28, height: 28 },
      items: [
        { type: 'docSidebar', sidebarId: 'getStarted', label: 'Get started', position: 'left' },
        {
          type: 'dropdown',
          label: 'During the payment',
          position: 'left',
          items: [
            { label: 'Hosted payment page', to: '/docs/hpp/overview' },
            { label: 'Embedded', to: '/docs/embedded/overview' },
          ],
        },
        {
          type: 'dropdown',
          label: 'After the payment',
          position: 'left',
          items: [
            { label: 'Order management', to: '/docs/order-management/overview' },
            { label: 'Payouts', to: '/docs/payouts/overview' },
          ],
        },
        {
          type: 'dropdown',
          label: 'API reference',
          position: 'left',
          items: apiReferences.map((reference) => ({ label: reference.label, to: reference.route })),
        },
        // An icon on wide screens (src/css/navbar.css); its label stays its accessible name.
        { type: 'localeDropdown', position: 'right', className: 'plazo-locale' },
        // Ends the session held by the gate server (apps/docs/server).
        { type: 'custom-logout', position: 'right' },
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'API reference',
          items: apiReferences.map((reference) => ({ label: reference.label, to: reference.route })),
        },
        {
          title: 'Libraries',
          items: [{ label: 'checkout-js reference', to: '/docs/checkout-js' }],
        },
      ],
      copyright: `Copyright © ${site.copyrightYear} ${site.brandName}.`,
    },
    prism: {
      theme: accessiblePrismTheme(prismThemes.github),
      darkTheme: accessiblePrismTheme(prismThemes.dracula),
      // Only these grammars are built in the browser (plugins/prism-languages.ts).
      additionalLanguages: PRISM_LANGUAGES,
    },
    mermaid: { theme: { light: 'neutral', dark: 'dark' } },
  } satisfies UserThemeConfig & { mermaid: Partial<MermaidThemeConfig['mermaid']> },
}

export default config
