import Type, { type Static, type TSchema } from 'typebox'

/**
 * A `oneOf` discriminated by a property, in the OpenAPI 3.1 shape (`discriminator.propertyName`).
 * Ajv runs with `discriminator: true`, so a bad body gets the errors of the branch its tag selects
 * instead of the errors of every branch.
 */
export function discriminated<const V extends TSchema[]>(
  propertyName: string,
  variants: [...V],
  options: { title: string; description: string },
) {
  return Type.Unsafe<Static<V[number]>>({
    ...options,
    type: 'object',
    discriminator: { propertyName },
    oneOf: variants,
  })
}
