// Default English stopwords, written for LudoTerm (no list was copied): the closed classes,
// frequent adverbs and general words that are never terms on their own ("thing", "make").

const CLOSED = `
a an the this that these those
i me my mine myself you your yours yourself yourselves he him his himself she her hers herself it its itself
we us our ours ourselves they them their theirs themselves one ones oneself
who whom whose which what whatever whoever whichever where when why how
and or nor but yet so if then else than because although though while whereas unless until since whether
about above across after against along amid among around as at before behind below beneath beside besides between beyond
by despite down during except for from in inside into like near of off on onto out outside over past per
through throughout till to toward towards under underneath unlike up upon versus via with within without
be am is are was were been being 's 're 'm 've 'd 'll n't not no
have has had having do does did doing done will would shall should can could may might must ca wo
there here now then again once also too very just only even still ever never always often sometimes
all any both each either every few many more most much neither none other others several some such same own
another anything anyone anybody anywhere everything everyone everybody everywhere nothing nobody nowhere
something someone somebody somewhere
`;

const GENERAL = `
thing things stuff way ways kind kinds sort sorts lot lots bit bits example examples instance instances fact facts
good bad better best worse worst new old different various certain possible necessary usual
well really actually simply quite rather almost already enough however therefore thus hence indeed perhaps maybe
also further furthermore moreover otherwise instead meanwhile today yesterday tomorrow soon later early late ago
yes ok okay etc eg ie one two three four five six seven eight nine ten hundred thousand million
make makes made making get gets got getting gotten go goes went gone going come comes came coming
take takes took taken taking give gives gave given giving say says said saying see sees saw seen seeing
know knows knew known want wants wanted seem seems seemed put puts keep keeps kept let lets
become becomes became find finds found think thinks thought look looks looked need needs needed
`;

/** The default English stopwords (lower case). */
export const ENGLISH_STOPWORDS: readonly string[] = [...new Set(`${CLOSED} ${GENERAL}`.split(/\s+/).filter(Boolean))];
