// The plain view of any game: the board as the library draws it in text,
// and every legal action as a button.
import { html } from '../board.js';

export default {
    describe(game) {
        return { board: game.show() };
    },

    draw(ui, snap) {
        ui.board.clear();
        html('pre', { class: 'text-board' }, ui.board.container).textContent = snap.view.board;
        const actions = html('div', { class: 'actions' }, ui.board.container);
        if (!ui.humanToAct())
            return;
        for (const action of snap.legal) {
            const b = html('button', { type: 'button', 'data-action': action }, actions);
            b.textContent = action;
            b.addEventListener('click', () => ui.play(action));
        }
    },
};
