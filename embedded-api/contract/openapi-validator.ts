// The contract of the live API v1: the official June 2025 document (openapi-v1.json) amended by the overlay of
// where the live service departs from it and what it added (live-overlay.json, sources named inside). Validates
// answers against it (ajv over converted JSON schemas).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { fromSchema } from "@openapi-contrib/openapi-schema-to-json-schema";

const DOCUMENT_ID = "https://anilibria.embedded/openapi-v1.json";

type Schema = Record<string, unknown>;
interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

/** An answer of the live service as the overlay (or else the document) describes it. */
interface OverlayAnswer {
  schema?: Schema;
  empty_body?: boolean;
  content_type?: string;
  signed_in?: boolean;
}

export interface LiveOverlay {
  date_time: { pattern: string };
  renamed_paths: Record<string, string>;
  moved_paths: Record<string, string>;
  components: Record<string, Schema>;
  fields: Record<string, Record<string, { schema?: Schema; required: boolean }>>;
  nullable: Record<string, string[]>;
  nullable_references: string[];
  enum_values: Record<string, { add: string[] }>;
  genres: { list: [id: number, name: string][] };
  envelopes: Record<string, OverlayAnswer>;
  paths: Record<string, OverlayAnswer>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const readJson = <T>(name: string): T => JSON.parse(fs.readFileSync(path.join(here, name), "utf8")) as T;

export const openApiDocument = readJson<OpenApiDocument>("openapi-v1.json");
export const liveOverlay = readJson<LiveOverlay>("live-overlay.json");

/** What an operation answers: JSON of a schema (null: the document gives none), an empty body, or another type. */
export type LiveAnswer = { kind: "json"; schema: Schema | null } | { kind: "empty" } | { kind: "content"; contentType: string };

function allowNullInline(schema: unknown, names: ReadonlySet<string>): void {
  if (Array.isArray(schema)) return schema.forEach((item) => allowNullInline(item, names));
  if (!schema || typeof schema !== "object") return;
  const node = schema as Schema;
  const properties = node.properties as Record<string, Schema> | undefined;
  if (properties) {
    for (const [name, property] of Object.entries(properties)) {
      if (names.has(name) && typeof property.$ref === "string") {
        properties[name] = { anyOf: [property, { type: "null" }] };
      }
    }
  }
  Object.values(node).forEach((value) => allowNullInline(value, names));
}

function absoluteRefs<T>(schema: T): T {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${DOCUMENT_ID}#/components/schemas/`)) as T;
}

function converted(schema: Schema): Schema {
  const result = fromSchema(schema as never) as Schema;
  delete result.$schema;
  return result;
}

/** The document's schemas with the overlay's fields, nullables and enum values applied. */
function liveSchemas(document: OpenApiDocument, overlay: LiveOverlay): Record<string, Schema> {
  const schemas: Record<string, Schema> = {};
  for (const [name, schema] of Object.entries({ ...document.components.schemas, ...overlay.components })) {
    schemas[name] = converted(schema);
  }
  const propertiesOf = (name: string): Record<string, Schema> => {
    const schema = schemas[name];
    if (!schema) throw new Error(`the overlay names ${name}, which the document lacks`);
    schema.properties ??= {};
    return schema.properties as Record<string, Schema>;
  };
  for (const [name, fields] of Object.entries(overlay.fields)) {
    const properties = propertiesOf(name);
    for (const [field, { schema, required }] of Object.entries(fields)) {
      if (schema) properties[field] = converted(schema);
      else if (!properties[field]) throw new Error(`the overlay requires ${name}.${field}, which the document lacks`);
      if (required) (schemas[name] as Schema).required = [...(((schemas[name] as Schema).required as string[]) ?? []), field];
    }
  }
  for (const [name, fields] of Object.entries(overlay.nullable)) {
    const properties = propertiesOf(name);
    for (const field of fields) {
      if (!properties[field]) throw new Error(`no property ${name}.${field} in the document`);
      properties[field] = { anyOf: [properties[field], { type: "null" }] };
    }
  }
  for (const [name, { add }] of Object.entries(overlay.enum_values)) {
    const schema = schemas[name] as Schema | undefined;
    if (!Array.isArray(schema?.enum)) throw new Error(`${name} is not an enumeration of the document`);
    schema.enum = [...(schema.enum as unknown[]), ...add];
  }
  allowNullInline(schemas, new Set(overlay.nullable_references));
  return schemas;
}

export class OpenApiValidator {
  private readonly ajv: Ajv;
  private readonly cache = new Map<string, ValidateFunction>();
  private readonly nullableReferences: ReadonlySet<string>;

  constructor(
    private readonly document: OpenApiDocument = openApiDocument,
    private readonly overlay: LiveOverlay = liveOverlay,
  ) {
    this.ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(this.ajv);
    // The live form of a date-time, stricter than RFC 3339 (no fractions, always +00:00).
    this.ajv.addFormat("date-time", new RegExp(overlay.date_time.pattern));
    this.nullableReferences = new Set(overlay.nullable_references);
    this.ajv.addSchema(absoluteRefs({ $id: DOCUMENT_ID, components: { schemas: liveSchemas(document, overlay) } }));
  }

  /** Every operation of the document as "METHOD /path" (its own path names). */
  documentOperations(): string[] {
    return Object.entries(this.document.paths).flatMap(([pathTemplate, operations]) =>
      Object.keys(operations)
        .filter((method) => ["get", "post", "delete", "put", "patch"].includes(method))
        .map((method) => `${method.toUpperCase()} ${pathTemplate}`),
    );
  }

  /** Every operation of the live API: the document's, renamed and moved as the overlay says, and the added ones. */
  liveOperations(): string[] {
    const fromDocument = this.documentOperations().map((operation) => this.liveName(operation));
    return [...fromDocument, ...Object.keys(this.overlay.paths).filter((operation) => !fromDocument.includes(operation))];
  }

  /** The live name of a document operation ("GET /ads/vasts" → "GET /media/vasts"). */
  liveName(documentOperation: string): string {
    const moved = this.overlay.moved_paths[documentOperation];
    if (moved) return moved;
    const [method, pathTemplate] = documentOperation.split(" ") as [string, string];
    return `${method} ${this.overlay.renamed_paths[pathTemplate] ?? pathTemplate}`;
  }

  /** The document operation a live one comes from, or null for an operation the document lacks. */
  documentName(liveOperation: string): string | null {
    const moved = Object.entries(this.overlay.moved_paths).find(([, to]) => to === liveOperation)?.[0];
    if (moved) return moved;
    const [method, pathTemplate] = liveOperation.split(" ") as [string, string];
    const renamed = Object.entries(this.overlay.renamed_paths).find(([, to]) => to === pathTemplate)?.[0];
    const documented = `${method} ${renamed ?? pathTemplate}`;
    return this.documentOperations().includes(documented) ? documented : null;
  }

  /** How the live service answers an operation (its live name). */
  liveAnswer(liveOperation: string): LiveAnswer {
    const described = this.overlay.envelopes[liveOperation] ?? this.overlay.paths[liveOperation];
    if (described?.empty_body) return { kind: "empty" };
    if (described?.content_type) return { kind: "content", contentType: described.content_type };
    if (described?.schema) return { kind: "json", schema: described.schema };
    const documented = this.documentName(liveOperation);
    if (!documented) throw new Error(`no operation ${liveOperation} in the document or the overlay`);
    const [method, pathTemplate] = documented.split(" ") as [string, string];
    return { kind: "json", schema: this.responseSchema(method, pathTemplate) };
  }

  /** The added operations that need a token, as the overlay says. */
  tokenOnlyOperations(): string[] {
    return Object.entries(this.overlay.paths)
      .filter(([, answer]) => answer.signed_in === true)
      .map(([operation]) => operation);
  }

  /** The document's 200 JSON schema of an operation, or null when it gives none. */
  responseSchema(method: string, pathTemplate: string, status = "200"): Schema | null {
    const operation = this.document.paths[pathTemplate]?.[method.toLowerCase()];
    if (!operation) throw new Error(`no operation ${method} ${pathTemplate} in the document`);
    return operation.responses?.[status]?.content?.["application/json"]?.schema ?? null;
  }

  /** Validates `body` against `schema` (an OpenAPI schema with #/components refs); returns the errors. */
  validate(schema: Schema, body: unknown): string[] {
    const key = JSON.stringify(schema);
    let validate = this.cache.get(key);
    if (!validate) {
      const schemaOfAnswer = converted(schema);
      allowNullInline(schemaOfAnswer, this.nullableReferences);
      validate = this.ajv.compile(absoluteRefs(schemaOfAnswer));
      this.cache.set(key, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).slice(0, 10).map((error) => `${error.instancePath || "/"} ${error.message ?? ""}`);
  }
}
