/** What the demo store sells. Prices are in cents, as the Plazo API counts them. */
export interface Product {
  sku: string
  name: string
  description: string
  price: number
}

export const CATALOG: readonly Product[] = [
  {
    sku: 'BIKE-URBAN-01',
    name: 'Urban bike',
    description: 'A light city bike with seven gears, mudguards and a rear rack.',
    price: 49900,
  },
  {
    sku: 'HEADPHONES-02',
    name: 'Noise-cancelling headphones',
    description: 'Over-ear, 30 hours of battery, foldable.',
    price: 12900,
  },
  {
    sku: 'SOFA-03',
    name: 'Three-seat sofa',
    description: 'Linen upholstery, oak legs, delivered assembled.',
    price: 129900,
  },
]

export function findProduct(sku: string): Product | undefined {
  return CATALOG.find((product) => product.sku === sku)
}
