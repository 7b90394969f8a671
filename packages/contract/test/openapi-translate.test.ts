import { describe, expect, it } from 'vitest'
import { documentTexts, translateDocument } from '../src/openapi/translate.ts'

const english = {
  openapi: '3.1.0',
  info: {
    title: 'Shop API',
    description: 'First paragraph.\n\nSecond paragraph.',
    contact: { name: 'Support team', email: 'help@shop.example' },
  },
  tags: [{ name: 'Orders', description: 'Manage orders.' }],
  paths: {
    '/orders': {
      post: {
        tags: ['Orders'],
        summary: 'Create an order',
        responses: {
          '201': {
            description: 'Created.',
            content: {
              'application/json': {
                examples: { default: { summary: 'An order', value: { description: 'Blue shoes' } } },
              },
            },
          },
        },
      },
    },
  },
  webhooks: { order_paid: { post: { summary: 'order_paid', description: 'The order is paid.' } } },
  components: {
    schemas: {
      Order: {
        title: 'Order',
        type: 'object',
        description: 'An order.',
        properties: {
          description: { type: 'string', description: 'What is sold.', examples: ['Blue shoes'] },
          summary: { type: 'string', enum: ['short summary'], default: 'short summary' },
          url: { type: 'string', 'x-error-message': 'must be an http or https URL' },
        },
      },
    },
  },
}

const catalogue = {
  'Shop API': 'API de la tienda',
  'First paragraph.': 'Primer párrafo.',
  'Second paragraph.': 'Segundo párrafo.',
  'Support team': 'Equipo de soporte',
  'Manage orders.': 'Gestiona pedidos.',
  'Create an order': 'Crea un pedido',
  'Created.': 'Creado.',
  'An order': 'Un pedido',
  'The order is paid.': 'El pedido está pagado.',
  'An order.': 'Un pedido.',
  'What is sold.': 'Lo que se vende.',
}

describe('the translate pass', () => {
  it('finds every text a reader sees, paragraph by paragraph, and no name, identifier or data', () => {
    expect(documentTexts(english).map((found) => found.text)).toEqual([
      'Shop API',
      'First paragraph.',
      'Second paragraph.',
      'Support team',
      'Manage orders.',
      'Create an order',
      'Created.',
      'An order',
      'The order is paid.',
      'An order.',
      'What is sold.',
    ])
  })

  it('replaces each text from the catalogue and leaves names, examples, enums and error messages as they are', () => {
    const { document, missing } = translateDocument(english, catalogue, { Orders: 'Pedidos' })
    expect(missing).toEqual([])
    expect(document).toEqual({
      ...english,
      info: {
        title: 'API de la tienda',
        description: 'Primer párrafo.\n\nSegundo párrafo.',
        contact: { name: 'Equipo de soporte', email: 'help@shop.example' },
      },
      tags: [{ name: 'Orders', description: 'Gestiona pedidos.', 'x-displayName': 'Pedidos' }],
      paths: {
        '/orders': {
          post: {
            tags: ['Orders'],
            summary: 'Crea un pedido',
            responses: {
              '201': {
                description: 'Creado.',
                content: {
                  'application/json': {
                    examples: { default: { summary: 'Un pedido', value: { description: 'Blue shoes' } } },
                  },
                },
              },
            },
          },
        },
      },
      webhooks: { order_paid: { post: { summary: 'order_paid', description: 'El pedido está pagado.' } } },
      components: {
        schemas: {
          Order: {
            ...english.components.schemas.Order,
            description: 'Un pedido.',
            properties: {
              ...english.components.schemas.Order.properties,
              description: { type: 'string', description: 'Lo que se vende.', examples: ['Blue shoes'] },
            },
          },
        },
      },
    })
    expect(english.info.title).toBe('Shop API')
  })

  it('lists the texts and tags the catalogue lacks, with where they are', () => {
    const { 'Second paragraph.': _, 'What is sold.': __, ...partial } = catalogue
    const { missing } = translateDocument(english, partial, {})
    expect(missing).toEqual([
      { where: '/info/description', text: 'Second paragraph.' },
      { where: '/components/schemas/Order/properties/description/description', text: 'What is sold.' },
      { where: '/tags/Orders', text: 'Orders' },
    ])
  })
})
