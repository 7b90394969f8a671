/**
 * The guides are written with the working brand, "Plazo". This remark plugin replaces it in prose and in
 * diagrams with the configured brand (site.config.ts, from the contract), so a deployment that renames the
 * product changes one value and rebuilds. Code samples are left alone: hosts and e-mail addresses in them
 * are real sandbox values.
 *
 * In Spanish "plazo" is also a word (a loan's term, a time limit), capitalised at the start of a sentence,
 * a heading or a table cell: "Plazo de confirmación" must not become "Acme de confirmación". The Spanish
 * guides avoid that spelling (a test of glossary.ts keeps them so), and the plugin only replaces "Plazo" where
 * the glossary says it is the brand (BRAND_PLAZO): never "Plazos", never before "de", "elegido", "en meses"…
 */
import { BRAND_PLAZO } from '../glossary.ts'

interface MdNode {
  type: string
  value?: string
  lang?: string | null
  children?: MdNode[]
}

export function remarkBrand(options: { brand: string }) {
  const { brand } = options
  function visit(node: MdNode): void {
    const isProse = node.type === 'text'
    const isDiagram = node.type === 'code' && node.lang === 'mermaid'
    if ((isProse || isDiagram) && typeof node.value === 'string')
      node.value = node.value.replace(BRAND_PLAZO, brand)
    node.children?.forEach(visit)
  }
  return () => (tree: MdNode) => {
    if (brand !== 'Plazo') visit(tree)
  }
}
