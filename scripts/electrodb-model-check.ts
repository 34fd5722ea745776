/**
 * What a Lambda bundle gives ElectroDB instead of `jsonschema` (scripts/electrodb-plugin.ts).
 * ElectroDB's validations.js uses jsonschema for one thing: `validate(model, ModelBeta|Modelv1)`,
 * on every `new Entity(model)` and, through `testModel`, to tell a model from an Entity instance
 * when a Service is built. This checks the part of those schemas that decides that: each level's
 * `type`, its `required` properties (both forms) and, through `properties`, the same below. An
 * Entity instance has no `attributes` nor `indexes`, so it is refused here as by jsonschema.
 * The deep checks (the `$ref`'d attribute and index schemas, formats, patternProperties) are
 * skipped: our models are static, and the real jsonschema checks every one of them in every test
 * run (functions/src/db/service.test.ts builds every entity from source).
 * Same API as far as validations.js uses it: `Validator` with `customFormats` on its prototype,
 * `addSchema` and `validate(instance, schema).errors` ({ property, message, argument }).
 */

type Schema = {
  type?: string | string[];
  required?: boolean | string[];
  properties?: Record<string, Schema>;
};

export interface ValidationError {
  property: string;
  message: string;
  argument: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'any':
      return true;
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    case 'null':
      return value === null;
    default:
      return typeof value === type;
  }
}

function check(value: unknown, schema: Schema, property: string, errors: ValidationError[]): void {
  if (!isObject(schema)) return;
  const types = schema.type === undefined ? [] : ([] as string[]).concat(schema.type);
  if (types.length > 0 && !types.some((type) => hasType(value, type))) {
    errors.push({ property, message: `is not of a type(s) ${types.join(',')}`, argument: types });
    return;
  }
  if (!isObject(value)) return;
  const required = Array.isArray(schema.required) ? schema.required : [];
  for (const name of required) {
    if (value[name] === undefined)
      errors.push({ property, message: `requires property "${name}"`, argument: name });
  }
  for (const [name, sub] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
    const child = value[name];
    if (child === undefined) {
      if (isObject(sub) && sub.required === true && !required.includes(name))
        errors.push({ property: `${property}.${name}`, message: 'is required', argument: name });
      continue;
    }
    check(child, sub, `${property}.${name}`, errors);
  }
}

export class Validator {
  /** ElectroDB adds its formats here; they belong to the deep checks, so they are not called. */
  declare customFormats: Record<string, (input: unknown) => boolean>;
  readonly schemas: Record<string, Schema> = {};

  addSchema(schema: Schema, uri: string): Schema {
    this.schemas[uri] = schema;
    return schema;
  }

  validate(instance: unknown, schema: Schema): { errors: ValidationError[]; valid: boolean } {
    const errors: ValidationError[] = [];
    check(instance, schema, 'instance', errors);
    return { errors, valid: errors.length === 0 };
  }
}
Validator.prototype.customFormats = {};
