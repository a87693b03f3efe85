// Validates answers against the OpenAPI document's response schemas (ajv over converted JSON schemas).
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

export const openApiDocument = JSON.parse(
  fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "openapi-v1.json"), "utf8"),
) as OpenApiDocument;

/**
 * Properties the live server (and the embedded API) send as null although the document does not mark them
 * nullable (docs/upstream.md#shapes: "any HLS link may be null", sponsor "or null", external_player "or null", …).
 */
const NULLABLE_AT_RUNTIME: [schema: string, property: string][] = [
  ["models.anime.releases.v1.release", "notification"],
  ["models.anime.releases.v1.release", "episodes_total"],
  ["models.anime.releases.v1.release", "external_player"],
  ["models.anime.releases.v1.release", "average_duration_of_episode"],
  ["models.anime.releases.v1.release.name", "alternative"],
  ["models.anime.releases.v1.release.episode", "name"],
  ["models.anime.releases.v1.release.episode", "name_english"],
  ["models.anime.releases.v1.release.episode", "ordinal"],
  ["models.anime.releases.v1.release.episode", "hls_480"],
  ["models.anime.releases.v1.release.episode", "hls_720"],
  ["models.anime.releases.v1.release.episode", "hls_1080"],
  ["models.anime.releases.v1.release.episode", "rutube_id"],
  ["models.anime.releases.v1.release.episode", "youtube_id"],
  ["models.anime.releases.v1.release.episode.skip", "start"],
  ["models.anime.releases.v1.release.episode.skip", "stop"],
  ["models.anime.torrents.v1.torrent.member", "external_url"],
  ["models.anime.schedule.v1.releaseInSchedule", "published_release_episode"],
  ["models.media.promotions.v1.promotion", "ad_erid"],
  ["models.media.promotions.v1.promotion", "ad_origin"],
  ["models.media.promotions.v1.promotion", "release"],
  ["models.accounts.otp.v1.otp", "user_id"],
  ["models.users.v1.user", "nickname"],
];

/** Nested nullable properties inside response schemas (latest_episode, sponsor), by path. */
const NULLABLE_INLINE_PROPERTIES = new Set(["latest_episode", "sponsor"]);

function allowNullInline(schema: unknown): void {
  if (Array.isArray(schema)) return schema.forEach(allowNullInline);
  if (!schema || typeof schema !== "object") return;
  const node = schema as Schema;
  const properties = node.properties as Record<string, Schema> | undefined;
  if (properties) {
    for (const [name, property] of Object.entries(properties)) {
      if (NULLABLE_INLINE_PROPERTIES.has(name) && typeof property.$ref === "string") {
        properties[name] = { anyOf: [property, { type: "null" }] };
      }
    }
  }
  Object.values(node).forEach(allowNullInline);
}

function absoluteRefs<T>(schema: T): T {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${DOCUMENT_ID}#/components/schemas/`)) as T;
}

export class OpenApiValidator {
  private readonly ajv: Ajv;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument = openApiDocument) {
    this.ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(this.ajv);
    const schemas: Record<string, Schema> = {};
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      const converted = fromSchema(schema as never) as Schema;
      delete converted.$schema;
      schemas[name] = converted;
    }
    for (const [name, property] of NULLABLE_AT_RUNTIME) {
      const properties = (schemas[name]?.properties ?? {}) as Record<string, Schema>;
      if (!properties[property]) throw new Error(`no property ${name}.${property} in the document`);
      properties[property] = { anyOf: [properties[property], { type: "null" }] };
    }
    allowNullInline(schemas);
    this.ajv.addSchema(absoluteRefs({ $id: DOCUMENT_ID, components: { schemas } }));
  }

  /** The 200 JSON schema of an operation, or null when the document gives none. */
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
      const converted = fromSchema(schema as never) as Schema;
      delete converted.$schema;
      allowNullInline(converted);
      validate = this.ajv.compile(absoluteRefs(converted));
      this.cache.set(key, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).slice(0, 10).map((error) => `${error.instancePath || "/"} ${error.message ?? ""}`);
  }
}
