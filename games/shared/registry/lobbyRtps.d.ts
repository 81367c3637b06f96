/** Every playable game's example-bet RTP by id, computed at build (scripts/build/lobbyRtps.ts). */
declare module 'virtual:lobby-rtps' {
  const rtps: Readonly<Record<string, number>>;
  export default rtps;
}
