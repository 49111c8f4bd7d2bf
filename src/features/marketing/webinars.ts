/**
 * The firm's webinars: sessions already held are offered as recordings; upcoming sessions are worked out from
 * the monthly schedule and the current date, so the page never presents a past date as coming up.
 * Times are New York time (the firm's office), compared as local wall-clock strings "YYYY-MM-DDTHH:mm".
 */

export const WEBINAR_TIME_ZONE = "America/New_York";

export interface WebinarSession {
  title: string;
  host: string;
  /** Local start in New York, "YYYY-MM-DDTHH:mm". */
  start: string;
  minutes: number;
}

/** Sessions already held; their recordings are sent on request. */
export const heldWebinars: WebinarSession[] = [
  { title: "Year-End Tax Planning for Business Owners", host: "Margaret Okafor, CPA", start: "2024-11-14T12:00", minutes: 60 },
  { title: "Is It Time for an ERP? Signs You've Outgrown Your Books", host: "Daniel Reyes", start: "2024-12-04T12:00", minutes: 45 },
  { title: "Reading Your Financial Statements in 15 Minutes", host: "Laura Chen", start: "2025-01-21T17:30", minutes: 45 },
];

/** The monthly live session: the third Wednesday of each month, 12:00 to 12:45 New York time, on the topic of its month. */
export const WEBINAR_SERIES = {
  weekday: 3, // Wednesday (0 = Sunday)
  nth: 3,
  time: "12:00",
  minutes: 45,
  /** One topic per calendar month, January first. */
  topics: [
    { title: "Reading Your Financial Statements in 15 Minutes", host: "Laura Chen" },
    { title: "Getting Ready for Tax Season: The Documents You Need", host: "Margaret Okafor, CPA" },
    { title: "Quarterly Estimated Taxes Without Surprises", host: "Margaret Okafor, CPA" },
    { title: "Cash-Flow Forecasting for the Next 13 Weeks", host: "Daniel Reyes" },
    { title: "Is It Time for an ERP? Signs You've Outgrown Your Books", host: "Daniel Reyes" },
    { title: "Closing Your Books Every Month in Half a Day", host: "Laura Chen" },
    { title: "Mid-Year Review: Where Your Profit Really Comes From", host: "Laura Chen" },
    { title: "Employees or Contractors? Getting the Classification Right", host: "Margaret Okafor, CPA" },
    { title: "Budgeting for Next Year With Your Real Numbers", host: "Priya Natarajan, CFA" },
    { title: "Year-End Tax Planning for Business Owners", host: "Margaret Okafor, CPA" },
    { title: "Closing the Year: Accruals, Inventory and Cut-Off", host: "Laura Chen" },
    { title: "R&D Tax Credits: What Qualifies and What Records to Keep", host: "Margaret Okafor, CPA" },
  ],
} as const;

const pad = (n: number) => String(n).padStart(2, "0");

/** The wall-clock time in New York at `now`, as "YYYY-MM-DDTHH:mm". */
export function localNow(now: Date, timeZone = WEBINAR_TIME_ZONE): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The local end of a session, "YYYY-MM-DDTHH:mm" (sessions end on the day they start). */
export function sessionEnd(s: WebinarSession): string {
  const [date, time] = s.start.split("T") as [string, string];
  const [h, m] = time.split(":").map(Number) as [number, number];
  const total = h * 60 + m + s.minutes;
  return `${date}T${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

/** The series' session in a given month (month 1 to 12). */
function seriesSession(year: number, month: number): WebinarSession {
  const firstWeekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const day = 1 + ((WEBINAR_SERIES.weekday - firstWeekday + 7) % 7) + 7 * (WEBINAR_SERIES.nth - 1);
  const topic = WEBINAR_SERIES.topics[month - 1]!;
  return { ...topic, start: `${year}-${pad(month)}-${pad(day)}T${WEBINAR_SERIES.time}`, minutes: WEBINAR_SERIES.minutes };
}

/**
 * What the webinars section shows at `now`: the next `count` sessions of the series that have not ended yet,
 * soonest first, and the recordings of the sessions held, newest first.
 */
export function webinarSchedule(now: Date, count = 3): { upcoming: WebinarSession[]; recordings: WebinarSession[] } {
  const current = localNow(now);
  let year = Number(current.slice(0, 4));
  let month = Number(current.slice(5, 7));
  const upcoming: WebinarSession[] = [];
  while (upcoming.length < count) {
    const s = seriesSession(year, month);
    if (sessionEnd(s) > current) upcoming.push(s);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  const recordings = heldWebinars.filter((s) => sessionEnd(s) <= current).sort((a, b) => b.start.localeCompare(a.start));
  return { upcoming, recordings };
}

const dateFormat = new Intl.DateTimeFormat("en-US", { weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** "Wednesday, December 16, 2026" for a session's local date. */
export function formatSessionDate(s: WebinarSession): string {
  const [y, m, d] = s.start.slice(0, 10).split("-").map(Number) as [number, number, number];
  return dateFormat.format(new Date(Date.UTC(y, m - 1, d)));
}

/** "12:00 - 12:45 ET". */
export function formatSessionTime(s: WebinarSession): string {
  return `${s.start.slice(11)} - ${sessionEnd(s).slice(11)} ET`;
}

/** A session as the page shows it, formatted on the server so the browser needs none of the schedule's code. */
export interface WebinarCard {
  title: string;
  host: string;
  start: string;
  date: string;
  time: string;
}

export function webinarCards(now: Date): { upcoming: WebinarCard[]; recordings: WebinarCard[] } {
  const card = (s: WebinarSession): WebinarCard => ({
    title: s.title,
    host: s.host,
    start: s.start,
    date: formatSessionDate(s),
    time: formatSessionTime(s),
  });
  const { upcoming, recordings } = webinarSchedule(now);
  return { upcoming: upcoming.map(card), recordings: recordings.map(card) };
}
