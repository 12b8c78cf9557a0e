/**
 * Python's `time.strftime` (C locale) for `strftime_now`, in UTC so a render depends only
 * on `params.now`, never on the machine's clock or time zone.
 *
 * @internal
 */

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];

const pad = (n: number, width = 2, fill = '0'): string => String(n).padStart(width, fill);

function dayOfYear(d: Date): number {
  return Math.floor((Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
}

function field(d: Date, code: string): string | undefined {
  const day = DAYS[d.getUTCDay()] ?? '';
  const month = MONTHS[d.getUTCMonth()] ?? '';
  const hour12 = d.getUTCHours() % 12 === 0 ? 12 : d.getUTCHours() % 12;
  switch (code) {
    case 'a': return day.slice(0, 3);
    case 'A': return day;
    case 'b': case 'h': return month.slice(0, 3);
    case 'B': return month;
    case 'd': return pad(d.getUTCDate());
    case 'e': return pad(d.getUTCDate(), 2, ' ');
    case 'H': return pad(d.getUTCHours());
    case 'I': return pad(hour12);
    case 'j': return pad(dayOfYear(d), 3);
    case 'm': return pad(d.getUTCMonth() + 1);
    case 'M': return pad(d.getUTCMinutes());
    case 'p': return d.getUTCHours() < 12 ? 'AM' : 'PM';
    case 'S': return pad(d.getUTCSeconds());
    case 'f': return pad(d.getUTCMilliseconds() * 1000, 6);
    case 'w': return String(d.getUTCDay());
    case 'u': return String(d.getUTCDay() === 0 ? 7 : d.getUTCDay());
    case 'y': return pad(d.getUTCFullYear() % 100);
    case 'Y': return String(d.getUTCFullYear());
    case 'C': return pad(Math.floor(d.getUTCFullYear() / 100));
    case 'z': return '+0000';
    case 'Z': return 'UTC';
    case 'D': return `${field(d, 'm')}/${field(d, 'd')}/${field(d, 'y')}`;
    case 'F': return `${field(d, 'Y')}-${field(d, 'm')}-${field(d, 'd')}`;
    case 'T': return `${field(d, 'H')}:${field(d, 'M')}:${field(d, 'S')}`;
    case 'R': return `${field(d, 'H')}:${field(d, 'M')}`;
    case 'c': return `${field(d, 'a')} ${field(d, 'b')} ${field(d, 'e')} ${field(d, 'T')} ${field(d, 'Y')}`;
    case 'x': return field(d, 'D');
    case 'X': return field(d, 'T');
    case 'n': return '\n';
    case 't': return '\t';
    case '%': return '%';
    default: return undefined;
  }
}

/** Formats `date` (UTC) with a Python/C `strftime` format; `%-d` drops padding as glibc does. */
export function strftime(date: Date, format: string): string {
  return format.replace(/%(-?)([a-zA-Z%])/g, (whole, noPad: string, code: string) => {
    const value = field(date, code);
    if (value === undefined) return whole;
    return noPad === '-' ? value.replace(/^[0 ]+(?=.)/, '') : value;
  });
}
