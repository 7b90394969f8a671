import Translate from '@docusaurus/Translate'
import type { ReactNode } from 'react'
import api from '../../data/api.generated.json'

/** The servers of the OpenAPI documents (packages/contract), so the docs never retype a host. */
export default function ApiServers(): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th>
            <Translate id="plazo.apiServers.environment">Environment</Translate>
          </th>
          <th>
            <Translate id="plazo.apiServers.baseUrl">Base URL</Translate>
          </th>
        </tr>
      </thead>
      <tbody>
        {api.servers.map((server) => (
          <tr key={server.url}>
            <td>{server.description.replace(/`/g, '')}</td>
            <td>
              <code>{server.url}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
