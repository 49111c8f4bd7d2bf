import { createContext, useContext } from "react";

/** The CSP nonce of this response (server only; empty in the browser). */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
