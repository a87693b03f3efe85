// Where a visitor is. Offline there is no geo database: every address is placed in Russia (Moscow time).
export interface VisitorLocation {
  ip: string;
  country: string;
  iso_code: string;
  timezone: string;
  parameters: { should_hide_torrents: boolean; is_government_request: boolean };
}

export function locationOf(ip: string): VisitorLocation {
  return {
    ip,
    country: "Россия",
    iso_code: "RU",
    timezone: "Europe/Moscow",
    parameters: { should_hide_torrents: false, is_government_request: false },
  };
}
