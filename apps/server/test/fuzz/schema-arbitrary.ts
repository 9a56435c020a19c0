/**
 * Valid values for a route's zod schema, as fast-check arbitraries: the schema is turned into JSON
 * Schema (zod's own z.toJSONSchema, input side) and each keyword it uses becomes a generator. Only
 * what the domain schemas use is covered; anything else generates arbitrary JSON, which is still a
 * fine fuzz input. Refinements are not in JSON Schema, so "valid" means valid in shape.
 */
import fc from 'fast-check';
import { type ZodType, z } from 'zod';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
};

export function toJsonSchema(schema: ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** A valid value of `schema`, or undefined when the schema has no body at all. */
export function validValue(schema: ZodType): fc.Arbitrary<unknown> {
  return fromJsonSchema(toJsonSchema(schema), 0);
}

function stringArbitrary(node: JsonSchema): fc.Arbitrary<string> {
  const min = node.minLength ?? 0;
  const max = Math.min(node.maxLength ?? 40, Math.max(min, 40));
  const fits = (value: string) => value.length >= min && value.length <= (node.maxLength ?? 1e9);
  switch (node.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress().filter((value) => value.length <= (node.maxLength ?? 320));
    case 'uri':
    case 'url':
      return fc.webUrl({ validSchemes: ['https'] }).filter(fits);
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString());
    default:
      break;
  }
  if (node.pattern) {
    // A pattern with lengths of its own: generate from the pattern and keep what fits the bounds.
    return fc.stringMatching(new RegExp(node.pattern)).filter(fits);
  }
  return fc.string({ minLength: min, maxLength: max, unit: 'grapheme' });
}

function numberArbitrary(node: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const low =
    node.minimum ?? (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + 1 : -1e6);
  const high =
    node.maximum ?? (node.exclusiveMaximum !== undefined ? node.exclusiveMaximum - 1 : 1e6);
  const min = Math.max(low, -Number.MAX_SAFE_INTEGER);
  const max = Math.min(high, Number.MAX_SAFE_INTEGER);
  if (integer) {
    const low = Math.ceil(min);
    const high = Math.floor(max);
    // Mostly near the bottom of the range: a valid "count" of 100 makes a hundred rows each time,
    // and the state every later case reads grows with it. The whole range still comes up.
    return fc.oneof(
      { arbitrary: fc.integer({ min: low, max: Math.min(high, low + 3) }), weight: 4 },
      { arbitrary: fc.integer({ min: low, max: high }), weight: 1 },
    );
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function fromJsonSchema(node: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (node.const !== undefined) return fc.constant(node.const);
  if (node.enum) return fc.constantFrom(...node.enum);
  const alternatives = node.anyOf ?? node.oneOf;
  if (alternatives)
    return fc.oneof(...alternatives.map((entry) => fromJsonSchema(entry, depth + 1)));
  if (node.allOf?.[0]) return fromJsonSchema(node.allOf[0], depth + 1);
  if (Array.isArray(node.type)) {
    return fc.oneof(...node.type.map((type) => fromJsonSchema({ ...node, type }, depth + 1)));
  }
  switch (node.type) {
    case 'string':
      return stringArbitrary(node);
    case 'integer':
      return numberArbitrary(node, true);
    case 'number':
      return numberArbitrary(node, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (node.prefixItems)
        return fc.tuple(...node.prefixItems.map((entry) => fromJsonSchema(entry, depth + 1)));
      const min = node.minItems ?? 0;
      return fc.array(node.items ? fromJsonSchema(node.items, depth + 1) : fc.jsonValue(), {
        minLength: min,
        maxLength: Math.min(node.maxItems ?? 4, Math.max(min, 4)),
      });
    }
    case 'object': {
      const properties = node.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties))
        model[key] = fromJsonSchema(value, depth + 1);
      return fc.record(model, {
        requiredKeys: (node.required ?? []).filter((key) => key in model),
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** The top-level property names of an object schema, to aim mutations at. */
export function propertyNames(schema: ZodType): string[] {
  const node = toJsonSchema(schema);
  const object = node.anyOf?.find((entry) => entry.type === 'object') ?? node;
  return Object.keys(object.properties ?? {});
}
