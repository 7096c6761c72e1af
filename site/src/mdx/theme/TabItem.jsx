// TabItem is one panel of <Tabs>; Tabs reads its props (value, label, default) and shows it.
export default function TabItem({ children, hidden, className, id, labelledBy }) {
  return (
    <div role="tabpanel" id={id} aria-labelledby={labelledBy} hidden={hidden} className={className ? `tab-panel ${className}` : 'tab-panel'} tabIndex={0}>
      {children}
    </div>
  );
}
