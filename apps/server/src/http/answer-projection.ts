/**
 * Compiles a JSON Schema (an answer's declared schema, as zod writes it) into a projection: a function
 * that copies of an answer exactly the declared fields, so `JSON.stringify` of the copy writes nothing
 * undeclared. The copy is built by generated object literals, one per object schema, so every row of a
 * list has the same shape and V8's native `JSON.stringify` writes it on its fast path. Decision 133
 * explains why this replaced fast-json-stringify: on Node 20 a serializer written in JavaScript builds
 * the answer by concatenating strings, and at list sizes the garbage of that costs more than the
 * native writer it meant to beat.
 *
 * A value of the wrong primitive type is coerced as fast-json-stringify did (a number in a string
 * column is written as text, a numeric string in a number column as a number); the API tests check
 * every answer against the document, so such a value is found there rather than hidden here.
 */
type JsonSchema = { [keyword: string]: unknown };

export type Projection = (answer: unknown) => unknown;

const coerce = {
  string(value: unknown, format: unknown): unknown {
    if (value instanceof Date) {
      return format === 'date' ? value.toISOString().slice(0, 10) : value.toISOString();
    }
    return String(value);
  },
  number(value: unknown): unknown {
    if (typeof value === 'number') return value;
    const number = Number(value);
    return Number.isNaN(number) ? value : number;
  },
  integer(value: unknown): unknown {
    const number = coerce.number(value);
    return typeof number === 'number' && Number.isFinite(number) ? Math.trunc(number) : number;
  },
  boolean(value: unknown): unknown {
    return Boolean(value);
  },
};

/** Thrown for a schema this compiler does not project; the caller then writes the answer another way. */
export class UnprojectableSchema extends Error {}

class ProjectionCompiler {
  private readonly functions: string[] = [];
  private readonly names = new Map<JsonSchema, string>();

  constructor(private readonly root: JsonSchema) {}

  compile(): Projection {
    const entry = this.functionFor(this.root);
    const body = `${this.functions.join('\n')}\nreturn ${entry};`;
    return new Function('coerce', body)(coerce) as Projection;
  }

  private resolve(node: JsonSchema): JsonSchema {
    const ref = node.$ref;
    if (typeof ref !== 'string') return node;
    if (ref === '#') return this.root;
    const match = /^#\/(?:definitions|\$defs)\/(.+)$/.exec(ref);
    const definitions = (this.root.definitions ?? this.root.$defs) as Record<string, JsonSchema> | undefined;
    const target = match ? definitions?.[decodeURIComponent(match[1]!)] : undefined;
    if (!target) throw new UnprojectableSchema(`unknown reference ${ref}`);
    return this.resolve(target);
  }

  /** The name of the generated function projecting `node`, generated on first use (cycles allowed). */
  private functionFor(node: JsonSchema): string {
    const schema = this.resolve(node);
    const known = this.names.get(schema);
    if (known) return known;
    const name = `p${this.names.size}`;
    this.names.set(schema, name);
    this.functions.push(`function ${name}(x) {\n${this.bodyOf(schema)}\n}`);
    return name;
  }

  private bodyOf(schema: JsonSchema): string {
    if (isUnion(schema)) return this.unionBody(schema);
    const type = typeOf(schema);
    if (type === 'object') return this.objectBody(schema);
    if (type === 'array') return this.arrayBody(schema);
    return `return ${this.expression(schema, 'x')};`;
  }

  /** An expression projecting the value `input` (a plain property read, cheap to repeat). */
  private expression(node: JsonSchema, input: string): string {
    const schema = this.resolve(node);
    if (isUnion(schema)) return `${this.functionFor(schema)}(${input})`;
    const type = typeOf(schema);
    if (type === 'object' || type === 'array') return `${this.functionFor(schema)}(${input})`;
    if (type === 'null') return 'null';
    const is = type === undefined ? undefined : IS_TYPE[type];
    // No type: a constant, an enumeration of mixed values, or any value at all.
    if (!is) return input;
    const format = JSON.stringify(schema.format ?? null);
    return `(${is(input)} || ${input} == null ? ${input} : coerce.${type}(${input}, ${format}))`;
  }

  private objectBody(schema: JsonSchema): string {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const keys = Object.keys(properties);
    if (keys.includes('__proto__')) throw new UnprojectableSchema('a property named __proto__');
    const fields = keys.map(
      (key) => `${JSON.stringify(key)}: ${this.expression(properties[key]!, `x[${JSON.stringify(key)}]`)}`,
    );
    const guard = "if (x === null || typeof x !== 'object' || x instanceof Date) return x;";
    const extra = schema.additionalProperties;
    if (extra === false || extra === undefined) return `${guard}\nreturn { ${fields.join(', ')} };`;
    // A record (or an open object): its other keys are declared by `additionalProperties`.
    const declared = JSON.stringify(Object.fromEntries(keys.map((key) => [key, true])));
    const value = extra === true || isEmpty(extra) ? 'x[k]' : this.expression(extra as JsonSchema, 'x[k]');
    return [
      guard,
      `const out = { ${fields.join(', ')} };`,
      `const declared = ${declared};`,
      `for (const k of Object.keys(x)) if (declared[k] !== true) out[k] = ${value};`,
      'return out;',
    ].join('\n');
  }

  private arrayBody(schema: JsonSchema): string {
    const guard = 'if (!Array.isArray(x)) return x;';
    if (Array.isArray(schema.items) || Array.isArray(schema.prefixItems)) {
      const positions = (schema.prefixItems ?? schema.items) as JsonSchema[];
      const values = positions.map((item, index) => this.expression(item, `x[${index}]`));
      const checks = positions.map((item, index) => primitiveCheck(this.resolve(item), `x[${index}]`));
      // A tuple of primitives already as declared (a coordinate pair) is written as it is.
      const asItIs = checks.every(Boolean)
        ? `if (x.length === ${positions.length} && ${checks.join(' && ')}) return x;`
        : '';
      return `${guard}\n${asItIs}\nreturn [${values.join(', ')}];`;
    }
    const item = schema.items as JsonSchema | undefined;
    if (!item || isEmpty(item)) return `${guard}\nreturn x;`;
    const copy = [
      'const out = new Array(n);',
      `for (let i = 0; i < n; i += 1) out[i] = ${this.expression(item, 'x[i]')};`,
      'return out;',
    ];
    const check = primitiveCheck(this.resolve(item), 'x[i]');
    // A list of primitives already as declared is written as it is, without a copy.
    const asItIs = check ? [`let i = 0;`, `while (i < n && ${check}) i += 1;`, 'if (i === n) return x;'] : [];
    return [guard, 'const n = x.length;', ...asItIs, ...copy].join('\n');
  }

  /**
   * A union is decided by the value's kind: an array takes the array branch, an object the object
   * branch whose required fields it has, anything else is written as it is (a union of primitives).
   */
  private unionBody(schema: JsonSchema): string {
    const branches = ((schema.anyOf ?? schema.oneOf) as JsonSchema[]).map((branch) => this.resolve(branch));
    const arrays = branches.filter((branch) => typeOf(branch) === 'array');
    const objects = branches.filter((branch) => typeOf(branch) === 'object');
    const lines: string[] = [];
    if (arrays.length > 1) throw new UnprojectableSchema('a union of two array shapes');
    if (arrays[0]) lines.push(`if (Array.isArray(x)) return ${this.functionFor(arrays[0])}(x);`);
    if (objects.length > 0) {
      lines.push("if (x !== null && typeof x === 'object' && !(x instanceof Date)) {");
      for (const branch of objects) {
        const required = ((branch.required ?? []) as string[]).map((key) => `${JSON.stringify(key)} in x`);
        lines.push(`  if (${required.join(' && ') || 'true'}) return ${this.functionFor(branch)}(x);`);
      }
      lines.push('}');
    }
    lines.push('return x;');
    return lines.join('\n');
  }
}

/** The check that a value is already of a primitive type, by the type's name. */
const IS_TYPE: Record<string, (input: string) => string> = {
  string: (input) => `typeof ${input} === 'string'`,
  number: (input) => `typeof ${input} === 'number'`,
  integer: (input) => `Number.isInteger(${input})`,
  boolean: (input) => `typeof ${input} === 'boolean'`,
};

const isUnion = (schema: JsonSchema) => Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf);

/** A check that `input` is already the declared primitive, or '' for a schema that is not one. */
function primitiveCheck(schema: JsonSchema, input: string): string {
  const type = typeOf(schema);
  const is = isUnion(schema) || type === undefined ? undefined : IS_TYPE[type];
  if (!is) return '';
  const nullable = Array.isArray(schema.type) && schema.type.includes('null');
  return nullable ? `(${is(input)} || ${input} === null)` : is(input);
}

function isEmpty(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object') return false;
  return Object.keys(schema).every((key) => key === 'description' || key === 'title');
}

/** The one type of a node; `[T, 'null']` is T, as null passes through every projection unchanged. */
function typeOf(schema: JsonSchema): string | undefined {
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (!Array.isArray(type)) return schema.properties ? 'object' : undefined;
  const types = type.filter((entry) => entry !== 'null');
  if (types.length === 1) return types[0] as string;
  if (types.length === 0) return 'null';
  // Several kinds at once: written as they are, like a union of primitives.
  if (types.includes('object') || types.includes('array')) {
    throw new UnprojectableSchema(`a value of several kinds: ${types.join(', ')}`);
  }
  return undefined;
}

export function projectionOf(schema: JsonSchema): Projection {
  return new ProjectionCompiler(schema).compile();
}
