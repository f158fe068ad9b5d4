// Cards and character scripts in the library: a card exported as a new `type: char` script, and a script imported
// as a new card. Both keep the source untouched and report what the other format had no place for.
import type { ScriptFromCardResult, ScriptToCardResult } from '../../../shared/api/methods/scripts.ts';
import { parseDocument } from '../../../shared/library/parse-document.ts';
import { cardToPpe, ppeToCard } from '../../../shared/ppe/index.ts';
import type { Library } from '../library/library.ts';

export function scriptFromCard(library: Library, cardId: number): ScriptFromCardResult {
  const card = library.cards.get(cardId);
  const { script, losses } = cardToPpe(parseDocument(card.document, card.format));
  return { script: library.scripts.create({ name: card.name, document: script }), losses };
}

export function cardFromScript(library: Library, scriptId: number): ScriptToCardResult {
  const { card, losses } = ppeToCard(library.scripts.get(scriptId).document);
  const {
    document: _document,
    format: _format,
    ...summary
  } = library.cards.insert({ document: `${JSON.stringify(card, null, 2)}\n`, format: 'json' });
  return { card: summary, losses };
}
