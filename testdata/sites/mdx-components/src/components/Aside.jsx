// A note beside the text, styled by a CSS module; given to every page by src/theme/MDXComponents.
import styles from './Aside.module.css';

export default function Aside({ children }) {
  return <aside className={styles.aside}>{children}</aside>;
}
