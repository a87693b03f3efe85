// Minimal bencode encoder for .torrent files.
export type BencodeValue = number | string | Buffer | BencodeValue[] | { [key: string]: BencodeValue };

export function bencode(value: BencodeValue): Buffer {
  const parts: Buffer[] = [];
  const write = (item: BencodeValue): void => {
    if (typeof item === "number") {
      parts.push(Buffer.from(`i${Math.trunc(item)}e`));
    } else if (typeof item === "string" || Buffer.isBuffer(item)) {
      const bytes = typeof item === "string" ? Buffer.from(item, "utf8") : item;
      parts.push(Buffer.from(`${bytes.length}:`), bytes);
    } else if (Array.isArray(item)) {
      parts.push(Buffer.from("l"));
      item.forEach(write);
      parts.push(Buffer.from("e"));
    } else {
      parts.push(Buffer.from("d"));
      // Keys must be sorted as raw byte strings.
      const keys = Object.keys(item).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
      for (const key of keys) {
        write(key);
        write(item[key] as BencodeValue);
      }
      parts.push(Buffer.from("e"));
    }
  };
  write(value);
  return Buffer.concat(parts);
}
