// The first element in the tab order: keyboard users jump straight to the page's content.
export default function SkipLink() {
  const onClick = (event) => {
    const main = document.getElementById('main-content');
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };
  return (
    <a className="skip-link" href="#main-content" onClick={onClick}>
      Skip to main content
    </a>
  );
}
