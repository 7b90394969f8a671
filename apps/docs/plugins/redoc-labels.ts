import type { ReferenceLocale } from '../api-references.ts'

/**
 * Redoc's own words around the OpenAPI texts, per locale (its `labels` option; every key Redoc CE 2.x lets us
 * set). English keeps Redoc's defaults. The rest of Redoc's chrome ("Request Body schema", "Authorizations")
 * is fixed English in Redoc's code: the Spanish build rewrites it (plugins/redoc-spanish.ts).
 */
export const redocLabels: Readonly<Record<ReferenceLocale, Readonly<Record<string, string>>>> = {
  en: {},
  es: {
    enum: 'Valores',
    enumSingleValue: 'Valor',
    enumArray: 'Elementos',
    default: 'Por defecto',
    deprecated: 'Obsoleto',
    example: 'Ejemplo',
    examples: 'Ejemplos',
    recursive: 'Recursivo',
    arrayOf: 'Array de ',
    webhook: 'Evento',
    const: 'Valor',
    noResultsFound: 'No hay resultados',
    download: 'Descargar',
    downloadSpecification: 'Descargar la especificación OpenAPI',
    responses: 'Respuestas',
    callbackResponses: 'Respuestas del callback',
    requestSamples: 'Ejemplos de petición',
    responseSamples: 'Ejemplos de respuesta',
  },
}
