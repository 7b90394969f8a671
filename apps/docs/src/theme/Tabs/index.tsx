/**
 * The theme's Tabs (theme-classic 3.10.2, src/theme/Tabs), without its remount after hydration
 * (`key={String(isBrowser)}`, a "temporary fix" for facebook/docusaurus#5653). That remount threw away every
 * tab of a guide the moment it had hydrated and rendered them again in the browser: each code block in them
 * tokenized and laid out a second time, most of a guide's main-thread work on a phone. The fix is no longer
 * needed: the chosen tab (query string, then storage) is read with useSyncExternalStore, which gives the
 * server's value while hydrating, and is applied by a state update after it, which React patches into the
 * page like any other (e2e/site.test.ts checks a stored and a linked choice). It cannot be wrapped: the
 * remount is inside the component. Only that changed; the rest is the theme's code.
 */

// The theme's own styles for tabs, so they look exactly as before.
import styles from '@docusaurus/theme-classic/lib/theme/Tabs/styles.module.css'
import { ThemeClassNames } from '@docusaurus/theme-common'
import {
  sanitizeTabsChildren,
  TabsProvider,
  useScrollPositionBlocker,
  useTabs,
  useTabsContextValue,
} from '@docusaurus/theme-common/internal'
import type { Props } from '@theme/Tabs'
import clsx from 'clsx'
import type React from 'react'
import type { ReactNode } from 'react'

function TabList({ className }: { className?: string }) {
  const { selectedValue, selectValue, tabValues, block } = useTabs()

  const tabRefs: (HTMLLIElement | null)[] = []
  const { blockElementScrollPositionUntilNextRender } = useScrollPositionBlocker()

  const handleTabChange = (
    event:
      | React.FocusEvent<HTMLLIElement>
      | React.MouseEvent<HTMLLIElement>
      | React.KeyboardEvent<HTMLLIElement>,
  ) => {
    const newTab = event.currentTarget
    const newTabIndex = tabRefs.indexOf(newTab)
    const newTabValue = tabValues[newTabIndex]?.value
    if (newTabValue === undefined) return

    if (newTabValue !== selectedValue) {
      blockElementScrollPositionUntilNextRender(newTab)
      selectValue(newTabValue)
    }
  }

  const handleKeydown = (event: React.KeyboardEvent<HTMLLIElement>) => {
    let focusElement: HTMLLIElement | null = null

    switch (event.key) {
      case 'Enter': {
        handleTabChange(event)
        break
      }
      case 'ArrowRight': {
        const nextTab = tabRefs.indexOf(event.currentTarget) + 1
        focusElement = tabRefs[nextTab] ?? tabRefs[0] ?? null
        break
      }
      case 'ArrowLeft': {
        const prevTab = tabRefs.indexOf(event.currentTarget) - 1
        focusElement = tabRefs[prevTab] ?? tabRefs[tabRefs.length - 1] ?? null
        break
      }
      default:
        break
    }

    focusElement?.focus()
  }

  return (
    <ul
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the theme's markup (an ARIA tab list), kept as served
      role="tablist"
      aria-orientation="horizontal"
      className={clsx(
        'tabs',
        {
          'tabs--block': block,
        },
        className,
      )}
    >
      {tabValues.map(({ value, label, attributes }) => (
        <li
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the theme's markup (an ARIA tab), kept as served
          role="tab"
          tabIndex={selectedValue === value ? 0 : -1}
          aria-selected={selectedValue === value}
          key={value}
          ref={(ref) => {
            tabRefs.push(ref)
          }}
          onKeyDown={handleKeydown}
          onClick={handleTabChange}
          {...attributes}
          className={clsx('tabs__item', styles.tabItem, attributes?.className as string, {
            'tabs__item--active': selectedValue === value,
          })}
        >
          {label ?? value}
        </li>
      ))}
    </ul>
  )
}

function TabContent({ children }: { children: ReactNode }) {
  return <div className="margin-top--md">{children}</div>
}

function TabsContainer({ className, children }: { className?: string; children: ReactNode }): ReactNode {
  return (
    <div
      className={clsx(
        ThemeClassNames.tabs.container,
        // former name kept for backward compatibility
        // see https://github.com/facebook/docusaurus/pull/4086
        'tabs-container',
        styles.tabList,
      )}
    >
      <TabList
        // Surprising but historical
        // className is applied on TabList, not on TabsContainer
        className={className}
      />
      <TabContent>{children}</TabContent>
    </div>
  )
}

export default function Tabs(props: Props): ReactNode {
  const value = useTabsContextValue(props)
  return (
    <TabsProvider value={value}>
      <TabsContainer className={props.className}>{sanitizeTabsChildren(props.children)}</TabsContainer>
    </TabsProvider>
  )
}
