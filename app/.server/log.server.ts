// Structured JSON logs on stdout/stderr: one object a line, never a token, password or cookie.
type Fields = Record<string, unknown>;

function serializeError(error: unknown): unknown {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return error;
}

function write(level: "info" | "warn" | "error", message: string, fields: Fields) {
  const entry: Fields = { time: new Date().toISOString(), level, message };
  for (const [key, value] of Object.entries(fields)) entry[key] = key === "error" ? serializeError(value) : value;
  const line = JSON.stringify(entry);
  if (level === "error") console.error(line);
  else console.log(line);
}

export const logInfo = (message: string, fields: Fields = {}) => write("info", message, fields);
export const logWarn = (message: string, fields: Fields = {}) => write("warn", message, fields);
export const logError = (message: string, fields: Fields = {}) => write("error", message, fields);
