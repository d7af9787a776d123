// English forms the treebanks may never show: irregular verbs, nouns and adjectives. Each line is
// the lemma followed by its irregular forms. Used only for forms the learnt lexicon lacks.

const IRREGULAR_VERBS = `
arise arose arisen|awake awoke awoken|be was were been|bear bore borne|beat beaten|become became
begin began begun|bend bent|bind bound|bite bit bitten|bleed bled|blow blew blown|break broke broken
breed bred|bring brought|build built|burn burnt|buy bought|catch caught|choose chose chosen
cling clung|come came|creep crept|deal dealt|dig dug|dive dove|do did done|draw drew drawn
dream dreamt|drink drank drunk|drive drove driven|dwell dwelt|eat ate eaten|fall fell fallen|feed fed
feel felt|fight fought|find found|flee fled|fling flung|fly flew flown|forbid forbade forbidden
forget forgot forgotten|forgive forgave forgiven|forsake forsook forsaken|freeze froze frozen
get got gotten|give gave given|go went gone|grow grew grown|hang hung|have had|hear heard|hew hewn
hide hid hidden|hold held|keep kept|kneel knelt|know knew known|lay laid|lead led|lean leant|leap leapt
learn learnt|leave left|lend lent|lie lain|light lit|lose lost|make made|mean meant|meet met
mislead misled|mow mown|overcome overcame|overthrow overthrew overthrown|partake partook partaken
pay paid|ride rode ridden|ring rang rung|rise rose risen|run ran|say said|see saw seen|seek sought
sell sold|send sent|sew sewn|shake shook shaken|shine shone|shoe shod|shoot shot|show shown
shrink shrank shrunk|sing sang sung|sink sank sunk|sit sat|slay slew slain|sleep slept|slide slid
sling slung|smite smote smitten|sow sown|speak spoke spoken|speed sped|spend spent|spin spun|spit spat
spring sprang sprung|stand stood|steal stole stolen|stick stuck|sting stung|stink stank stunk
stride strode stridden|strike struck stricken|string strung|strive strove striven|strew strewn
swear swore sworn|sweep swept|swell swollen|swim swam swum|swing swung|take took taken|teach taught
tear tore torn|tell told|think thought|throw threw thrown|tread trod trodden|understand understood
undertake undertook undertaken|wake woke woken|wear wore worn|weave wove woven|weep wept|win won
withdraw withdrew withdrawn|withstand withstood|wring wrung|write wrote written`;

const IRREGULAR_NOUNS = `
man men|woman women|child children|foot feet|tooth teeth|mouse mice|goose geese|die dice|louse lice
ox oxen|criterion criteria|phenomenon phenomena|index indices|matrix matrices|vertex vertices
axis axes|analysis analyses|crisis crises|thesis theses|hypothesis hypotheses|leaf leaves
knife knives|life lives|wife wives|staff staves|thief thieves|wolf wolves|elf elves|dwarf dwarves
half halves|shelf shelves|self selves|loaf loaves|calf calves|hoof hooves|scarf scarves
person people|cactus cacti|fungus fungi|nucleus nuclei|radius radii|stimulus stimuli|alumnus alumni
bacterium bacteria|curriculum curricula|medium media|datum data|automaton automata`;

const IRREGULAR_ADJECTIVES = `good better best|bad worse worst|far farther farthest further furthest|little less least`;

function table(lines: string): ReadonlyMap<string, string> {
  const map = new Map<string, string>();
  for (const group of lines.split(/[|\n]/)) {
    const [lemma, ...forms] = group.trim().split(/\s+/);
    if (lemma === undefined || lemma === '') continue;
    for (const form of forms) if (!map.has(form)) map.set(form, lemma);
  }
  return map;
}

const VERBS = table(IRREGULAR_VERBS);
const NOUNS = table(IRREGULAR_NOUNS);
const ADJECTIVES = table(IRREGULAR_ADJECTIVES);

/** The lemma of an irregular English form, or null (lower-case form). */
export function englishIrregularLemma(lower: string, upos: string): string | null {
  if (upos === 'VERB' || upos === 'AUX') return VERBS.get(lower) ?? null;
  if (upos === 'NOUN') return NOUNS.get(lower) ?? null;
  if (upos === 'ADJ') return ADJECTIVES.get(lower) ?? null;
  return null;
}
