import type { ReactNode } from 'react';
import type { LayoutName } from '../app/routes';
import { Footer } from '../components/Footer';
import { TopBar } from '../components/TopBar';
import { GameHeader } from './GameHeader';

interface Props {
  name: LayoutName;
  /** Game id: game pages get the game header above their content. */
  game?: string | undefined;
  /** The old page is fading out. */
  leaving: boolean;
  screen: string;
  /** The full path the screen was entered with (for tests and debugging). */
  path: string;
  children: ReactNode;
}

/**
 * The layouts of spec section 2. advanced: top bar, content, footer. main: top bar and
 * full-width content. default (a screen that chooses none): top bar and a centred column.
 * basic: centred content alone. no-nav: the plain background.
 */
export function LayoutFor({ name, game, leaving, screen, path, children }: Props) {
  const content = (
    <div
      className={`screen-content${leaving ? ' screen-content--leaving' : ''}`}
      data-route={screen}
      data-path={path}
    >
      {game ? <GameHeader game={game} /> : null}
      {children}
    </div>
  );
  switch (name) {
    case 'advanced':
      return (
        <div className="layout layout--advanced">
          <TopBar />
          <div className="layout__body">{content}</div>
          <Footer />
        </div>
      );
    case 'main':
      return (
        <div className="layout layout--main">
          <TopBar />
          <div className="layout__body layout__body--wide">{content}</div>
        </div>
      );
    case 'basic':
      return <div className="layout layout--basic">{content}</div>;
    case 'no-nav':
      return <div className="layout layout--no-nav">{content}</div>;
    case 'default':
      return (
        <div className="layout layout--default">
          <TopBar />
          <div className="layout__body layout__body--narrow">{content}</div>
        </div>
      );
  }
}
