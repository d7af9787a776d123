// Default Spanish stopwords, written for LudoTerm (no list was copied): the closed classes,
// frequent adverbs and general words that are never terms on their own ("cosa", "hacer").
// Lower case; matched without accents too.

const CLOSED = `
a al ante bajo cabe con contra de del desde durante en entre hacia hasta mediante para por según sin so sobre tras versus vía
el la lo los las un una unos unas
y e ni o u pero sino mas aunque porque pues que si como cuando donde mientras luego conque
yo tú vos usted él ella ello nosotros nosotras vosotros vosotras ustedes ellos ellas
me te se nos os le les mí ti sí conmigo contigo consigo
mi mis tu tus su sus nuestro nuestra nuestros nuestras vuestro vuestra vuestros vuestras
mío mía míos mías tuyo tuya tuyos tuyas suyo suya suyos suyas
este esta esto estos estas ese esa eso esos esas aquel aquella aquello aquellos aquellas
qué quién quiénes cuál cuáles cuánto cuánta cuántos cuántas cómo dónde cuándo adónde
quien quienes cual cuales cuyo cuya cuyos cuyas cuanto cuanta cuantos cuantas
algo alguien alguno alguna algunos algunas algún nada nadie ninguno ninguna ningún
todo toda todos todas otro otra otros otras mismo misma mismos mismas tal tales
cada cualquier cualquiera cualesquiera demás ambos ambas varios varias sendos sendas
mucho mucha muchos muchas poco poca pocos pocas bastante bastantes demasiado demasiada demasiados demasiadas
tanto tanta tantos tantas menos más muy tan casi solo sólo solamente apenas también tampoco
no sí ya aún todavía siempre nunca jamás
ser soy eres es somos sois son era eras éramos erais eran fui fuiste fue fuimos fuisteis fueron
sea seas seamos seáis sean fuera fueras fuéramos fuerais fueran fuese fueses fuesen sido siendo será serán sería serían
estar estoy estás está estamos estáis están estaba estabas estábamos estabais estaban estuvo estuvieron
esté estés estemos estéis estén estado estando estará estarán estaría estarían estuviera estuvieran
haber he has ha hemos habéis han había habías habíamos habíais habían hubo hubieron haya hayas hayamos hayáis hayan
habido habiendo habrá habrán habría habrían hubiera hubieran hubiese hay
`;

const GENERAL = `
cosa cosas algo manera maneras vez veces ejemplo ejemplos hecho hechos asunto asuntos resto mitad gente
bien mal
buen bueno buena buenos buenas malo mala malos malas cierto cierta ciertos ciertas posible posibles
necesario necesaria necesarios necesarias distinto distinta distintos distintas diferente diferentes
igual iguales propio propia propios propias siguiente siguientes anterior anteriores
así aquí allí allá ahí acá ahora antes después luego entonces pronto tarde temprano hoy ayer
además incluso quizá quizás acaso realmente simplemente totalmente completamente generalmente
normalmente especialmente directamente rápidamente dentro fuera encima debajo delante detrás cerca lejos
arriba abajo adelante atrás alrededor etc uno dos tres cuatro cinco seis siete ocho nueve diez cien mil
hacer hace hacen hacía hizo haciendo haga hagan hará tener tiene tienen tenía tenían tuvo tenga tengan
tendrá tendrán teniendo tenido poder puede pueden podía podían pudo pueda puedan podrá podrán podría podrían
pudiendo deber debe deben debía debería deberían decir dice dicen dijo dicho diciendo ir va van iba iban
vaya vayan ido yendo ver ve ven vio visto viendo dar da dan dio dado dando querer quiere quieren quería quiso
saber sabe saben sabía supo parecer parece parecen parecía seguir sigue siguen siguió quedar queda quedan quedó
pasar pasa pasan pasó llevar lleva llevan llevó venir viene vienen vino poner pone ponen puso
`;

/** The default Spanish stopwords (lower case). */
export const SPANISH_STOPWORDS: readonly string[] = [...new Set(`${CLOSED} ${GENERAL}`.split(/\s+/).filter(Boolean))];
