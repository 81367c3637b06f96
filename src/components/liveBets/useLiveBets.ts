import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { openLiveBets } from '../../api/liveBets';
import { authState } from '../../state/auth';
import { emptyLists, mergeBets, type LiveBetLists } from './liveBetLists';

export interface LiveBetsState {
  lists: LiveBetLists;
  /** The stream has answered (its backlog is in): new bets arrive from now on. */
  live: boolean;
}

const pageVisible = () => typeof document === 'undefined' || !document.hidden;

/**
 * The live bets feed while the component is shown: one stream, signed in when the player is
 * (their bets come marked), opened again when the session changes, and closed while the
 * browser tab is hidden (the backlog fills the gap when it is shown again).
 */
export function useLiveBets(): LiveBetsState {
  const { token } = useSnapshot(authState);
  const [lists, setLists] = useState(emptyLists);
  const [live, setLive] = useState(false);
  const [visible, setVisible] = useState(pageVisible);

  useEffect(() => {
    const onChange = () => setVisible(pageVisible());
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);

  useEffect(() => {
    // A new session: its own bets are marked differently, start over.
    setLists(emptyLists());
  }, [token]);

  useEffect(() => {
    if (!visible) return;
    setLive(false);
    const close = openLiveBets((message) => {
      if (message.kind === 'backlog') {
        setLists((lists) => mergeBets(lists, message.bets));
        setLive(true);
      } else {
        setLists((lists) => mergeBets(lists, [message.bet]));
      }
    });
    return () => {
      close();
      setLive(false);
    };
  }, [token, visible]);

  return { lists, live };
}
