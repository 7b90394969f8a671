import Link from '@docusaurus/Link'
import Translate, { translate } from '@docusaurus/Translate'
import useDocusaurusContext from '@docusaurus/useDocusaurusContext'
import Heading from '@theme/Heading'
import Layout from '@theme/Layout'
import type { ReactNode } from 'react'
import { apiReferences } from '../../api-references.ts'
import styles from './index.module.css'

interface Card {
  to: string
  title: ReactNode
  body: ReactNode
}

const integrationCards: Card[] = [
  {
    to: '/docs/hpp/overview',
    title: <Translate id="home.hpp.title">Hosted payment page</Translate>,
    body: (
      <Translate id="home.hpp.body">
        Redirect the customer to a payment page we host. You create a checkout session, send the customer to
        its redirect URL, and get them back on your success or cancel URL.
      </Translate>
    ),
  },
  {
    to: '/docs/embedded/overview',
    title: <Translate id="home.embedded.title">Embedded checkout</Translate>,
    body: (
      <Translate id="home.embedded.body">
        Keep the customer on your site. Your back end creates the session, your front end mounts the checkout
        component with its client secret using the checkout-js library.
      </Translate>
    ),
  },
  {
    to: '/docs/order-management/overview',
    title: <Translate id="home.orders.title">Order management</Translate>,
    body: (
      <Translate id="home.orders.body">
        After the purchase: confirm, capture, update or cancel an order, refund all or part of it, and follow
        every change through webhooks.
      </Translate>
    ),
  },
]

const startCards: Card[] = [
  {
    to: '/docs/get-started/overview',
    title: <Translate id="home.start.overview.title">What you can offer</Translate>,
    body: (
      <Translate id="home.start.overview.body">
        Buy now pay later, consumer loans, auto loans, credit lines, subscriptions and card payments through a
        single checkout session.
      </Translate>
    ),
  },
  {
    to: '/docs/get-started/checkout-session',
    title: <Translate id="home.start.session.title">Create your first session</Translate>,
    body: (
      <Translate id="home.start.session.body">
        Log in to the sandbox, create a checkout session with curl or Node.js and read the response for each
        integration mode.
      </Translate>
    ),
  },
  {
    to: '/docs/get-started/considerations',
    title: <Translate id="home.start.considerations.title">Before you go live</Translate>,
    body: (
      <Translate id="home.start.considerations.body">
        Amounts in cents, EUR only, Spain and France, idempotent requests, webhooks delivered at least once
        and the time limits that cancel or expire an order.
      </Translate>
    ),
  },
]

function CardGrid({ cards }: { cards: Card[] }): ReactNode {
  return (
    <ul className={styles.grid}>
      {cards.map((card) => (
        <li key={card.to}>
          <Link to={card.to} className={styles.card}>
            <Heading as="h3" className={styles.cardTitle}>
              {card.title}
            </Heading>
            <p className={styles.cardBody}>{card.body}</p>
          </Link>
        </li>
      ))}
    </ul>
  )
}

export default function Home(): ReactNode {
  const brand = String(useDocusaurusContext().siteConfig.customFields?.brandName ?? '')
  return (
    <Layout
      title={translate({ id: 'home.meta.title', message: 'Developer documentation' })}
      description={translate({
        id: 'home.meta.description',
        message: 'Integrate buy now pay later, consumer loans and card payments with one checkout session.',
      })}
    >
      <header className={styles.hero}>
        <div className="container">
          <Heading as="h1" className={styles.heroTitle}>
            <Translate id="home.hero.title" values={{ brand }}>
              {'{brand} developer documentation'}
            </Translate>
          </Heading>
          <p className={styles.heroLead}>
            <Translate id="home.hero.lead">
              One checkout integration for buy now pay later, consumer loans, auto loans, credit lines,
              subscriptions and card payments, for customers in Spain and France.
            </Translate>
          </p>
          <div className={styles.heroActions}>
            <Link className="button button--primary button--lg" to="/docs/get-started/overview">
              <Translate id="home.hero.primary">Get started</Translate>
            </Link>
            <Link className="button button--secondary button--lg" to="/docs/api/">
              <Translate id="home.hero.secondary">API overview</Translate>
            </Link>
          </div>
        </div>
      </header>
      <main className="container margin-vert--lg">
        <section className={styles.section}>
          <Heading as="h2">
            <Translate id="home.start.heading">Start here</Translate>
          </Heading>
          <CardGrid cards={startCards} />
        </section>
        <section className={styles.section}>
          <Heading as="h2">
            <Translate id="home.integrate.heading">Integrate the checkout</Translate>
          </Heading>
          <p>
            <Translate id="home.integrate.lead">
              Both integration modes use the same checkout session; only the ui.mode you send and what you do
              with the response differ.
            </Translate>
          </p>
          <CardGrid cards={integrationCards} />
        </section>
        <section className={styles.section}>
          <Heading as="h2">
            <Translate id="home.reference.heading">Reference</Translate>
          </Heading>
          <div className="row">
            <div className="col col--6">
              <Heading as="h3">
                <Translate id="home.reference.api">API reference</Translate>
              </Heading>
              <ul>
                {apiReferences.map((reference) => (
                  <li key={reference.id}>
                    <Link to={reference.route}>
                      {translate({ id: `home.reference.api.${reference.id}`, message: reference.label })}
                    </Link>
                  </li>
                ))}
                <li>
                  <Link to="/docs/api/globals">
                    <Translate id="home.reference.globals">Enumerations, constants and errors</Translate>
                  </Link>
                </li>
              </ul>
            </div>
            <div className="col col--6">
              <Heading as="h3">
                <Translate id="home.reference.library">Browser library</Translate>
              </Heading>
              <p>
                <Translate id="home.reference.library.body">
                  checkout-js mounts the checkout, payment intent, simulator and single payment components and
                  reads payment methods and loan conditions from the browser.
                </Translate>
              </p>
              <Link to="/docs/checkout-js">
                <Translate id="home.reference.library.link">checkout-js reference</Translate>
              </Link>
            </div>
          </div>
        </section>
      </main>
    </Layout>
  )
}
