import type { ClientModule } from '@docusaurus/types'
import { markClientNavigation } from '../lib/navigation-state.ts'

export const onRouteUpdate: ClientModule['onRouteUpdate'] = ({ previousLocation, location }) => {
  if (previousLocation && previousLocation.pathname !== location.pathname) markClientNavigation()
}
