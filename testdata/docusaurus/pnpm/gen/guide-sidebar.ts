const sidebar: {items: string[]} = {items: ['guide/index', 'guide/setup']};
export default sidebar;
