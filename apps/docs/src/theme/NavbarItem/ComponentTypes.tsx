import LogoutNavbarItem from '@site/src/components/LogoutNavbarItem'
import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes'

// Wraps the theme's navbar item types with ours rather than ejecting them.
export default {
  ...ComponentTypes,
  'custom-logout': LogoutNavbarItem,
}
