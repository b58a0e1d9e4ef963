// Soft hyphens for long card names. A phone's narrow card face must break
// a name like "Blutfledermaus" somewhere; without a hint the browser
// breaks it anywhere ("Blutfle|dermaus" or worse), and `hyphens: auto`
// needs a dictionary for the name's language that many browsers lack
// (and names keep the rulebook's language, whatever the reader's). So
// long words get soft hyphens at syllable breaks: between vowels, before
// the longest consonant cluster that can begin a German or English
// syllable ("Schat-ten-klin-ge", "Blut-fle-der-maus").

const vowels = "aeiouyäöüéèêáàâíìóòúùůýěAEIOUYÄÖÜÉÁÍÓÚŮÝĚ";

// Consonant clusters that begin a syllable, longest first; a single
// consonant always may.
const onsets = ["schl", "schm", "schn", "schr", "schw", "spr", "str", "sch", "chr", "thr", "scr", "spl",
  "bl", "br", "ch", "ck", "cl", "cr", "dr", "fl", "fr", "gl", "gn", "gr", "kl", "kn", "kr", "ph", "pl", "pr",
  "qu", "sp", "st", "th", "tr", "wr", "zw"];

/** The shortest word that gets soft hyphens, and the fewest letters
 * kept before and after one (no "Fur-na-ce"). */
const minWord = 6, minBefore = 2, minAfter = 3;

const isVowel = (ch) => vowels.includes(ch);
const isLetter = (ch) => /\p{L}/u.test(ch);

/** onsetLength is how many of cluster's last consonants begin the next
 * syllable. */
function onsetLength(cluster) {
  const low = cluster.toLowerCase();
  for (const o of onsets) if (o.length < low.length + 1 && low.endsWith(o)) return o.length;
  return 1;
}

/** breaksOf lists where word may break: indexes before which a soft
 * hyphen goes. */
function breaksOf(word) {
  const chars = [...word];
  const out = [];
  let i = 0;
  while (i < chars.length && !isVowel(chars[i])) i++;
  while (i < chars.length) {
    while (i < chars.length && isVowel(chars[i])) i++;
    const start = i;
    while (i < chars.length && isLetter(chars[i]) && !isVowel(chars[i])) i++;
    if (i >= chars.length || !isLetter(chars[i])) break;
    const at = i - (i > start ? onsetLength(chars.slice(start, i).join("")) : 0);
    if (i > start && at >= minBefore && chars.length - at >= minAfter) out.push(at);
  }
  return out;
}

/** hyphenate returns name with soft hyphens in its long words, so that
 * it breaks between syllables when it must break at all. */
export function hyphenate(name) {
  return String(name).replace(/\p{L}+/gu, (word) => {
    if ([...word].length < minWord) return word;
    const chars = [...word];
    const cuts = new Set(breaksOf(word));
    return chars.map((ch, i) => (cuts.has(i) ? "\u00AD" : "") + ch).join("");
  });
}
