/**
 * The guides are written with the working brand, "Plazo". This remark plugin replaces it in prose and in
 * diagrams with the configured brand (site.config.ts, from the contract), so a deployment that renames the
 * product changes one value and rebuilds. Code samples are left alone: hosts and e-mail addresses in them
 * are real sandbox values.
 */

interface MdNode {
  type: string
  value?: string
  lang?: string | null
  children?: MdNode[]
}

const WORKING_BRAND = /\bPlazo\b/g

export function remarkBrand(options: { brand: string }) {
  const { brand } = options
  function visit(node: MdNode): void {
    const isProse = node.type === 'text'
    const isDiagram = node.type === 'code' && node.lang === 'mermaid'
    if ((isProse || isDiagram) && typeof node.value === 'string')
      node.value = node.value.replace(WORKING_BRAND, brand)
    node.children?.forEach(visit)
  }
  return () => (tree: MdNode) => {
    if (brand !== 'Plazo') visit(tree)
  }
}
